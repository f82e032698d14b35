package dev.overhead.cli;

import dev.overhead.store.BadStoreValue;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.store.Stores;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --store}: where studies are kept; every command that reads or writes studies takes it. */
final class StoreOption {
    @Option(
            names = "--store",
            paramLabel = "PATH|URL",
            description = "Where studies are kept (default: overhead.db under $XDG_DATA_HOME/overhead/).")
    String store;

    /** For commands that write: makes the store (and its directory) where there is none yet. */
    Store open() {
        try {
            return Stores.open(store);
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    /** For delete, prune and import of a whole store. */
    dev.overhead.store.SqliteStore openForAdmin() {
        try {
            return Stores.openForAdmin(store);
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    /** For commands that only read: read-only, and nothing is created (docs/reliability.md, case 13, 14.14). */
    Store openForReading() {
        try {
            return Stores.openForReading(store);
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    /** The file the option names (for refusing outputs written over it). */
    Path file() {
        try {
            return Stores.resolve(store);
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    /** A --store value that is itself wrong is a command-line error (2); a store that fails is 1. */
    static UserError refusal(StoreException e) {
        return e instanceof BadStoreValue ? new UserError(2, e.getMessage(), e) : UserError.failed(e.getMessage(), e);
    }
}
