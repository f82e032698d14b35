package dev.overhead.cli;

import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.study.StoreAccess;
import dev.overhead.study.UserError;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --store} option every command that reads or writes studies mixes in; {@link StoreAccess} opens it. */
final class StoreOption {
    @Option(
            names = "--store",
            paramLabel = "PATH|URL",
            description = "Where studies are kept: a file, or a team store postgresql://USER[:PASSWORD]@HOST[:PORT]/DB"
                    + " (default: $OVERHEAD_STORE, else overhead.db under $XDG_DATA_HOME/overhead/).")
    String store;

    StoreAccess access() {
        return StoreAccess.of(store);
    }

    String value() {
        return access().value();
    }

    boolean isServer() {
        return access().isServer();
    }

    String describe() {
        return access().describe();
    }

    Store open() {
        return access().open();
    }

    Store openForAdmin() {
        return access().openForAdmin();
    }

    Store openForReading() {
        return access().openForReading();
    }

    Path file() {
        return access().file();
    }

    boolean mayExist() {
        return access().mayExist();
    }

    static UserError refusal(StoreException e) {
        return StoreAccess.refusal(e);
    }
}
