package dev.overhead.serve;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.verdicts.Highlights;
import dev.overhead.verdicts.History;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The same plan on several machines: each machine's newest study of a label, and its verdicts side by
 * side, each workload's primary metric first. Which machine a study ran on is read from its environment ({@link History#machineOf}).
 */
final class Machines {
    private Machines() {}

    /** One comparison of the plan, and what each machine found for it (null where it has none). */
    record Row(String workload, String metric, String unit, String baseline, String candidate, List<Cell> cells) {}

    /** One machine's comparison: the study it comes from, the change in percent and its interval. */
    record Cell(String study, Double change, Double low, Double high, String verdict) {}

    /** The machines (columns), the study each column shows, and the rows. */
    record Table(String label, List<String> machines, List<String> studies, List<Row> rows) {}

    /** Each machine's newest study of {@code studies} (oldest first, one label), compared side by side. */
    static Table sideBySide(String label, List<StudyResult> studies) {
        Map<String, StudyResult> newest = new java.util.TreeMap<>(); // columns in the order of the names
        for (StudyResult s : studies) {
            newest.put(History.machineOf(s), s);
        }
        List<String> machines = List.copyOf(newest.keySet());
        Map<List<String>, Row> rows = new LinkedHashMap<>();
        java.util.Set<List<String>> primary = new java.util.HashSet<>(); // workload, metric
        int column = 0;
        for (StudyResult s : newest.values()) {
            Highlights.primaryRows(s).forEach(r -> primary.add(List.of(r.workload(), r.metric())));
            for (ComparisonRow c : s.comparisons()) {
                if (c.overall()) {
                    continue;
                }
                List<String> key = List.of(c.workload(), c.metric(), c.baseline(), c.candidate());
                Row row = rows.computeIfAbsent(key, k -> {
                    List<Cell> empty = new ArrayList<>();
                    machines.forEach(m -> empty.add(null));
                    return new Row(c.workload(), c.metric(), c.unit(), c.baseline(), c.candidate(), empty);
                });
                var cmp = c.comparison();
                row.cells()
                        .set(
                                column,
                                new Cell(
                                        s.info().id(),
                                        History.finite(cmp.changePct()),
                                        History.finite(cmp.ciLowPct()),
                                        History.finite(cmp.ciHighPct()),
                                        cmp.verdict().word()));
            }
            column++;
        }
        // each workload's primary metric first, the others after it; workloads in the order first met
        List<String> workloads =
                rows.values().stream().map(Row::workload).distinct().toList();
        List<Row> ordered = new ArrayList<>(rows.values());
        ordered.sort(java.util.Comparator.comparingInt((Row r) -> workloads.indexOf(r.workload()))
                .thenComparing(r -> primary.contains(List.of(r.workload(), r.metric())) ? 0 : 1));
        return new Table(
                label,
                machines,
                newest.values().stream().map(s -> s.info().id()).toList(),
                List.copyOf(ordered));
    }
}
