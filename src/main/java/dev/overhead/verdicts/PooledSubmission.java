package dev.overhead.verdicts;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.MachinePooling;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The studies one {@code overhead submit} queued, one per machine, each judged on its own, and the
 * primary metric's change pooled over the machines with the machine as a level (docs/statistics.md,
 * "Across machines"). One computation for every place that shows it ({@code compare --submission}
 * in each format, and the submission's page of {@code overhead serve}), so that they cannot differ.
 *
 * @param machines   in the order of their names
 * @param perMachine each machine's comparisons on the primary metric (no overall row), machine by machine
 * @param pooled     one row per workload and candidate, in the order they first appear
 */
public record PooledSubmission(
        String submission,
        String primary,
        double confidence,
        double thresholdPct,
        List<Machine> machines,
        List<MachineRow> perMachine,
        List<PooledRow> pooled) {

    /**
     * One machine's study of the submission, judged with the settings it ran with.
     *
     * @param state the stored state ({@code done}, {@code running}, ...); a study not done is compared as it stands
     */
    public record Machine(String name, StudyResult judged, String state, int runs) {}

    /** One comparison of one machine. */
    public record MachineRow(String machine, String study, ComparisonRow row) {}

    /** A workload and candidate pooled over the machines that compare it. */
    public record PooledRow(
            String workload,
            String metric,
            String unit,
            String baseline,
            String candidate,
            Comparison any,
            MachinePooling.Pooled pooled) {
        /** True where the machines disagree beyond their own intervals (I² above 50%). */
        public boolean disagree() {
            return pooled.iSquared() > 0.5;
        }
    }

    /** Judges nothing itself: {@code machines} come judged; the first (by name) gives the primary metric and the level. */
    public static PooledSubmission of(String submission, List<Machine> machines) {
        if (machines.isEmpty()) {
            throw new IllegalArgumentException("a submission without studies has nothing to pool");
        }
        List<Machine> sorted = new ArrayList<>(machines);
        sorted.sort(Comparator.comparing(Machine::name));
        StudyResult first = sorted.getFirst().judged();
        String primary = first.info().settings().primary();
        double confidence = first.info().settings().compare().confidence();
        double threshold = first.info().settings().compare().thresholdPct();
        List<MachineRow> perMachine = new ArrayList<>();
        Map<List<String>, List<ComparisonRow>> byRow = new LinkedHashMap<>();
        for (Machine m : sorted) {
            for (ComparisonRow row : m.judged().comparisons()) {
                if (!row.metric().equals(primary) || row.overall()) {
                    continue;
                }
                perMachine.add(new MachineRow(m.name(), m.judged().info().id(), row));
                byRow.computeIfAbsent(List.of(row.workload(), row.candidate(), row.baseline()), k -> new ArrayList<>())
                        .add(row);
            }
        }
        List<PooledRow> pooled = new ArrayList<>();
        for (List<ComparisonRow> rows : byRow.values()) {
            ComparisonRow any = rows.getFirst();
            MachinePooling.Pooled p = MachinePooling.pool(
                    rows.stream().mapToDouble(r -> r.comparison().changePct()).toArray(),
                    rows.stream().mapToDouble(r -> r.comparison().ciLowPct()).toArray(),
                    rows.stream().mapToDouble(r -> r.comparison().ciHighPct()).toArray(),
                    confidence,
                    threshold,
                    any.comparison().better());
            pooled.add(new PooledRow(
                    any.workload(), any.metric(), any.unit(), any.baseline(), any.candidate(), any.comparison(), p));
        }
        return new PooledSubmission(
                submission, primary, confidence, threshold, List.copyOf(sorted), perMachine, pooled);
    }

    /** The machines' names, in order. */
    public List<String> machineNames() {
        return machines.stream().map(Machine::name).toList();
    }

    /** A sentence per machine whose study is not done: it is compared as it stands. */
    public List<String> notes() {
        List<String> out = new ArrayList<>();
        for (Machine m : machines) {
            if (!m.state().equals("done")) {
                out.add("the study of " + m.name() + " is " + m.state() + " (" + m.runs()
                        + " runs so far); it is compared as it stands");
            }
        }
        return out;
    }

    /** What the pooling says in one sentence: nothing to pool, the machines agree, or where they disagree. */
    public String conclusion() {
        List<String> disagreements = pooled.stream()
                .filter(PooledRow::disagree)
                .map(r -> r.workload() + " (" + r.candidate() + " vs " + r.baseline() + ")")
                .toList();
        if (machines.size() < 2) {
            return "One machine: nothing to pool; submit to more machines for a pooled interval.";
        }
        if (disagreements.isEmpty()) {
            return "The machines agree within their own intervals (I² at most 50%): the pooled interval is"
                    + " wide mainly for having only " + machines.size() + " machines.";
        }
        return "The machines disagree beyond their own intervals on " + String.join(", ", disagreements)
                + " (I² above 50%): the cost depends on the machine; read the rows per machine.";
    }
}
