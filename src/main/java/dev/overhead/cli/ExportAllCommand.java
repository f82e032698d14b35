package dev.overhead.cli;

import dev.overhead.store.Store;
import dev.overhead.store.StoreAdmin;
import dev.overhead.store.StoreException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code overhead export-all FILE}: every study in one file, which {@code overhead import} reads back. */
@Command(name = "export-all", description = "Copy the whole store into FILE ('overhead import FILE' reads it back).")
final class ExportAllCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE")
    Path file;

    @Mixin
    StoreOption storeOption;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws StoreException {
        if (storeOption.isServer()) {
            try (Store team = storeOption.openForReading()) {
                StoreAdmin.exportAll(team, storeOption.describe(), file);
            }
            spec.commandLine().getOut().println("exported the store " + storeOption.describe() + " to " + file);
            return 0;
        }
        Path store = storeOption.file();
        for (Path guarded : OutputGuard.store(store)) {
            if (OutputGuard.same(file, guarded)) {
                throw UserError.usage("the output " + file + " is the store " + store
                        + ", which would be overwritten: choose another file to export to.");
            }
        }
        StoreAdmin.exportAll(store, file);
        spec.commandLine().getOut().println("exported the store " + store.toAbsolutePath() + " to " + file);
        return 0;
    }
}
