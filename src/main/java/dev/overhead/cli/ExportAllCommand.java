package dev.overhead.cli;

import dev.overhead.store.StoreAdmin;
import dev.overhead.store.StoreException;
import dev.overhead.study.UserError;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code overhead export-all FILE}: every study in one file, which {@code overhead import} reads back. */
@Command(name = "export-all", description = "Copy the whole store into FILE ('overhead import FILE' reads it back).")
final class ExportAllCommand extends StoreAdminCommand {
    @Parameters(paramLabel = "FILE")
    Path file;

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
        out().println("exported the store " + exported + " to " + file);
        return 0;
    }
}
