package dev.overhead.cli;

import dev.overhead.store.BadStoreValue;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.store.Stores;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --store}: where studies are kept; every command that reads or writes studies takes it. */
final class StoreOption {
    @Option(
            names = "--store",
            paramLabel = "PATH|URL",
            description = "Where studies are kept: a file, or a team store postgresql://USER[:PASSWORD]@HOST[:PORT]/DB"
                    + " (default: $OVERHEAD_STORE, else overhead.db under $XDG_DATA_HOME/overhead/).")
    String store;

    /** --store, else OVERHEAD_STORE, else null (the default file). */
    String value() {
        if (store != null) {
            return store;
        }
        String env = System.getenv("OVERHEAD_STORE");
        return env == null || env.isBlank() ? null : env;
    }

    /** A team store on a database server rather than a file. */
    boolean isServer() {
        return Stores.isServer(value());
    }

    /** The store as messages name it: its file, or its URL with the password masked. */
    String describe() {
        return Stores.describe(value());
    }

    /** For commands that write: makes the store (and its directory) where there is none yet. */
    Store open() {
        try {
            return Stores.open(value());
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    /** For delete, prune and import of a whole store. */
    Store openForAdmin() {
        try {
            return Stores.openForAdmin(value());
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    /** For commands that only read: read-only, and nothing is created (docs/reliability.md, case 13, 14.14). */
    Store openForReading() {
        try {
            return Stores.openForReading(value());
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    /** The file the option names (for refusing outputs written over it); null for a team store on a server. */
    Path file() {
        if (isServer()) {
            return null;
        }
        try {
            return Stores.resolve(value());
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    /** Whether there is a store yet: a file that exists, or (not known without asking) a server. */
    boolean mayExist() {
        return isServer() || Files.exists(file());
    }

    /** A --store value that is itself wrong is a command-line error (2); a store that fails is 1. */
    static UserError refusal(StoreException e) {
        return e instanceof BadStoreValue ? new UserError(2, e.getMessage(), e) : UserError.failed(e.getMessage(), e);
    }
}
