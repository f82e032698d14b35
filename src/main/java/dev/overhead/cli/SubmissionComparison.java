package dev.overhead.cli;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.MachinePooling;
import dev.overhead.store.Fleet;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code overhead compare --submission ID}: the studies one {@code overhead submit} queued, one per
 * machine, judged each on its own and then pooled with the machine as a level (docs/statistics.md,
 * "Across machines").
 */
final class SubmissionComparison {
    private SubmissionComparison() {}

    private record Machine(String name, StudyResult judged) {}

    static int compare(StoreOption storeOption, VerdictOptions verdict, String submission, PrintWriter out) {
        List<Machine> machines = new ArrayList<>();
        try (Store store = storeOption.openForReading()) {
            for (Store.StudySummary s : store.list().reversed()) {
                String label = s.label();
                if (label == null || !label.startsWith(Fleet.label(submission, ""))) {
                    continue;
                }
                if (!s.state().equals("done")) {
                    out.println("note: the study of " + label.substring(submission.length() + 1) + " is " + s.state()
                            + " (" + s.runs() + " runs so far); it is compared as it stands");
                }
                StudyResult study = StudyLoading.fromStore(store, s.id());
                machines.add(new Machine(label.substring(submission.length() + 1), verdict.judged(study)));
            }
        } catch (StoreException e) {
            throw StoreOption.refusal(e);
        }
        if (machines.isEmpty()) {
            throw new UserError(
                    1,
                    "no study of submission '" + submission + "' is in " + storeOption.describe()
                            + ": 'overhead list' shows the stored studies (labelled SUBMISSION@MACHINE).");
        }
        machines.sort(java.util.Comparator.comparing(Machine::name));
        StudyResult first = machines.getFirst().judged();
        String primary = first.info().settings().primary();
        double confidence = first.info().settings().compare().confidence();
        double threshold = first.info().settings().compare().thresholdPct();
        out.println("submission " + submission + ": " + machines.size() + " machines ("
                + String.join(", ", machines.stream().map(Machine::name).toList()) + "), primary metric " + primary);
        out.println();
        out.println("per machine");
        out.println(String.format(
                Locale.ROOT,
                "%-12s %-20s %-16s %9s %20s %s",
                "machine",
                "workload",
                "variant",
                "change",
                "interval",
                "verdict"));
        Map<String, List<double[]>> byRow = new LinkedHashMap<>();
        Map<String, Comparison> anyOfRow = new LinkedHashMap<>();
        for (Machine m : machines) {
            for (ComparisonRow row : m.judged().comparisons()) {
                if (!row.metric().equals(primary) || row.overall()) {
                    continue;
                }
                Comparison c = row.comparison();
                String key = row.workload() + "\u0000" + row.candidate() + " vs " + row.baseline();
                out.println(String.format(
                        Locale.ROOT,
                        "%-12s %-20s %-16s %9s %20s %s",
                        m.name(),
                        row.workload(),
                        row.candidate(),
                        pct(c.changePct()),
                        interval(c.ciLowPct(), c.ciHighPct()),
                        c.verdict().word()));
                byRow.computeIfAbsent(key, k -> new ArrayList<>())
                        .add(new double[] {c.changePct(), c.ciLowPct(), c.ciHighPct()});
                anyOfRow.putIfAbsent(key, c);
            }
        }
        out.println();
        out.println("pooled over machines (each machine one estimate: a t interval over the machines)");
        out.println(String.format(
                Locale.ROOT,
                "%-20s %-16s %9s %20s %-13s %12s %5s",
                "workload",
                "variant",
                "change",
                "interval",
                "verdict",
                "between sd",
                "I²"));
        List<String> disagreements = new ArrayList<>();
        for (var e : byRow.entrySet()) {
            List<double[]> xs = e.getValue();
            MachinePooling.Pooled p = MachinePooling.pool(
                    xs.stream().mapToDouble(x -> x[0]).toArray(),
                    xs.stream().mapToDouble(x -> x[1]).toArray(),
                    xs.stream().mapToDouble(x -> x[2]).toArray(),
                    confidence,
                    threshold,
                    anyOfRow.get(e.getKey()).better());
            String[] names = e.getKey().split("\u0000");
            out.println(String.format(
                    Locale.ROOT,
                    "%-20s %-16s %9s %20s %-13s %12s %5s",
                    names[0],
                    names[1].substring(0, names[1].indexOf(" vs ")),
                    pct(p.changePct()),
                    interval(p.ciLowPct(), p.ciHighPct()),
                    p.verdict().word(),
                    Double.isNaN(p.betweenSdPct()) ? "—" : String.format(Locale.ROOT, "%.1f%%", p.betweenSdPct()),
                    Double.isNaN(p.iSquared()) ? "—" : String.format(Locale.ROOT, "%.0f%%", p.iSquared() * 100)));
            if (p.iSquared() > 0.5) {
                disagreements.add(names[0] + " (" + names[1] + ")");
            }
        }
        out.println();
        if (machines.size() < 2) {
            out.println("One machine: nothing to pool; submit to more machines for a pooled interval.");
        } else if (disagreements.isEmpty()) {
            out.println("The machines agree within their own intervals (I² at most 50%): the pooled interval is"
                    + " wide mainly for having only " + machines.size() + " machines.");
        } else {
            out.println("The machines disagree beyond their own intervals on " + String.join(", ", disagreements)
                    + " (I² above 50%): the cost depends on the machine; read the rows per machine.");
        }
        return 0;
    }

    private static String pct(double v) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%+.1f%%", v);
    }

    private static String interval(double lo, double hi) {
        return Double.isNaN(lo) ? "—" : String.format(Locale.ROOT, "[%+.1f, %+.1f]", lo, hi);
    }
}
