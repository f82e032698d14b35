package dev.overhead.cli;

import dev.overhead.store.StoreAdmin;
import dev.overhead.store.StoreException;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

/** {@code overhead store check}: the store as a whole. */
@Command(
        name = "store",
        description = "Look after the store as a whole.",
        subcommands = {StoreCommand.Check.class})
final class StoreCommand extends GroupCommand {
    StoreCommand() {
        super("'overhead store' needs what to do: 'overhead store check'.");
    }

    @Command(name = "check", description = "Check the store's integrity and schema version; writes nothing.")
    static final class Check extends StoreAdminCommand {
        @Override
        public Integer call() throws StoreException {
            PrintWriter out = out();
            StoreAdmin.Check c = StoreAdmin.check(storeOption.value());
            out.println("store      " + c.store());
            out.println("schema     " + c.schema() + " (this overhead knows " + c.known() + ")"
                    + (c.schema() > c.known() ? ": written by a newer overhead" : ""));
            if (!c.migrations().isEmpty()) {
                out.println("migrations " + String.join(", ", c.migrations()));
            }
            if (c.ok()) {
                out.println("studies    " + c.studies() + " (" + c.runs() + " runs)");
                out.println("integrity  ok");
                return 0;
            }
            out.println("integrity  damaged:");
            c.problems().forEach(p -> out.println("  " + p));
            out.println("Nothing was changed. 'sqlite3 " + c.store() + " .recover | sqlite3 recovered.db' saves what"
                    + " can still be read; then use --store recovered.db.");
            return 1;
        }
    }
}
