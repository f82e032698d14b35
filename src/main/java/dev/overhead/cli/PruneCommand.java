package dev.overhead.cli;

import dev.overhead.plan.Durations;
import dev.overhead.store.Store;
import dev.overhead.store.Store.StudySummary;
import dev.overhead.store.StoreAdmin;
import dev.overhead.store.StoreException;
import dev.overhead.study.Terminal;
import dev.overhead.study.UserError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code overhead prune --older-than 30d}: old studies out of the store, asking first. */
@Command(name = "prune", description = "Delete the studies older than a duration (asks first unless --yes).")
final class PruneCommand extends StoreAdminCommand {
    @Option(
            names = "--older-than",
            required = true,
            paramLabel = "DURATION",
            description = "Delete studies started longer ago than this, e.g. 30d or 12h.")
    String olderThan;

    @Option(names = "--keep-labelled", description = "Keep studies that have a label.")
    boolean keepLabelled;

    @Option(names = "--yes", description = "Delete without asking.")
    boolean yes;

    @Override
    public Integer call() throws StoreException {
        PrintWriter out = out();
        PrintWriter err = err();
        Duration age;
        try {
            age = Durations.parse(olderThan);
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--older-than " + e.getMessage());
        }
        if (!storeOption.mayExist()) {
            out.println("No studies stored yet; nothing to prune.");
            return 0;
        }
        try (Store store = storeOption.openForAdmin()) {
            List<StudySummary> old = StoreAdmin.olderThan(store, Instant.now().minus(age), keepLabelled);
            if (old.isEmpty()) {
                out.println("No study is older than " + olderThan + (keepLabelled ? " without a label" : "")
                        + "; nothing deleted.");
                return 0;
            }
            if (old.size() > 1 && !yes) {
                if (!Terminal.isTerminal(0)) {
                    throw UserError.usage("prune would delete " + old.size() + " studies and there is no terminal to"
                            + " ask on: add --yes to delete them.");
                }
                old.forEach(s -> err.println("  " + describe(s)));
                err.print("Delete these " + old.size() + " studies and their runs? [y/N] ");
                err.flush();
                if (!answeredYes()) {
                    out.println("Nothing deleted.");
                    return 1;
                }
            }
            StoreAdmin.delete(store, old.stream().map(StudySummary::id).toList());
            old.forEach(s -> out.println("deleted " + describe(s)));
        }
        return 0;
    }

    private static String describe(StudySummary s) {
        return String.format(
                Locale.ROOT,
                "study %s%s (%d runs)",
                s.id(),
                s.label() == null || s.label().isBlank() ? "" : " (" + s.label() + ")",
                s.runs());
    }

    private static boolean answeredYes() {
        try {
            String line = new BufferedReader(new InputStreamReader(System.in)).readLine();
            return line != null && line.strip().toLowerCase(Locale.ROOT).matches("y|yes");
        } catch (IOException e) {
            return false;
        }
    }
}
