package dev.overhead.cli;

import dev.overhead.store.StoreAdmin;
import dev.overhead.store.StoreException;
import java.nio.file.Path;
import java.util.List;
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
        Path store = storeOption.file(); // null for a team store on a server: nothing to overwrite here
        for (Path guarded : store == null ? List.<Path>of() : OutputGuard.store(store)) {
            if (OutputGuard.same(file, guarded)) {
                throw UserError.usage("the output " + file + " is the store " + store
                        + ", which would be overwritten: choose another file to export to.");
            }
        }
        String exported = StoreAdmin.exportAll(storeOption.value(), file);
        spec.commandLine().getOut().println("exported the store " + exported + " to " + file);
        return 0;
    }
}
