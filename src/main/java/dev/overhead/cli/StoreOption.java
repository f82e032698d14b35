package dev.overhead.cli;

import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.store.Stores;
import picocli.CommandLine.Option;

/** {@code --store}: where studies are kept; every command that reads or writes studies takes it. */
final class StoreOption {
    @Option(
            names = "--store",
            paramLabel = "PATH|URL",
            description = "Where studies are kept (default: overhead.db under $XDG_DATA_HOME/overhead/).")
    String store;

    Store open() {
        try {
            return Stores.open(store);
        } catch (StoreException e) {
            throw UserError.failed(e.getMessage(), e);
        }
    }
}
