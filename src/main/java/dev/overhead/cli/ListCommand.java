package dev.overhead.cli;

import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code overhead list}: the stored studies, newest first. */
@Command(name = "list", description = "List the stored studies, newest first.")
final class ListCommand implements Callable<Integer> {
    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneId.systemDefault());

    @Mixin
    StoreOption storeOption;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws StoreException {
        PrintWriter out = spec.commandLine().getOut();
        try (Store store = storeOption.openForReading()) {
            List<Store.StudySummary> studies = store.list();
            if (studies.isEmpty()) {
                out.println("No studies stored yet; 'overhead run' or 'overhead demo' makes one.");
                return 0;
            }
            out.printf(
                    Locale.ROOT,
                    "%-20s  %-16s  %-11s  %9s  %8s  %5s  %s%n",
                    "ID",
                    "DATE",
                    "STATE",
                    "WORKLOADS",
                    "VARIANTS",
                    "RUNS",
                    "LABEL");
            for (Store.StudySummary s : studies) {
                out.printf(
                        Locale.ROOT,
                        "%-20s  %-16s  %-11s  %9d  %8d  %5d  %s%n",
                        s.id(),
                        s.created() == null ? "" : WHEN.format(s.created()),
                        s.state(),
                        s.workloads(),
                        s.variants(),
                        s.runs(),
                        s.label() == null ? "" : s.label());
            }
        }
        return 0;
    }
}
