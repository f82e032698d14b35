package dev.overhead.serve;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The same plan on several machines: each machine's newest study of a label, and its verdicts side by
 * side. Which machine a study ran on is read from its environment (see {@link #machineOf}).
 */
final class Machines {
    private Machines() {}

    /** One comparison of the plan, and what each machine found for it (null where it has none). */
    record Row(String workload, String metric, String unit, String baseline, String candidate, List<Cell> cells) {}

    /** One machine's comparison: the study it comes from, the change in percent and its interval. */
    record Cell(String study, Double change, Double low, Double high, String verdict) {}

    /** The machines (columns), the study each column shows, and the rows. */
    record Table(String label, List<String> machines, List<String> studies, List<Row> rows) {}

    /**
     * The machine a study ran on: the environment's {@code machine} (the name a fleet agent gives,
     * {@code overhead agent --machine NAME}) or {@code hostname} where one is recorded, else the CPU
     * model and its count of CPUs, else "unknown machine" (an imported file).
     */
    static String machineOf(StudyResult study) {
        Map<String, Object> env = study.environment();
        for (String key : List.of("machine", "hostname")) {
            if (env.get(key) instanceof String s && !s.isBlank()) {
                return s;
            }
        }
        if (env.get("cpu") instanceof Map<?, ?> cpu && cpu.get("model_name") instanceof String model) {
            Object cpus = cpu.get("logical_cpus");
            return model.strip() + (cpus == null ? "" : ", " + cpus + " CPUs");
        }
        return "unknown machine";
    }

    /** The kernel release a study ran on, or "" where none is recorded. */
    static String kernelOf(StudyResult study) {
        if (study.environment().get("kernel") instanceof Map<?, ?> k && k.get("release") instanceof String r) {
            return r;
        }
        return "";
    }

    /** Each machine's newest study of {@code studies} (oldest first, one label), compared side by side. */
    static Table sideBySide(String label, List<StudyResult> studies) {
        Map<String, StudyResult> newest = new java.util.TreeMap<>(); // columns in the order of the names
        for (StudyResult s : studies) {
            newest.put(machineOf(s), s);
        }
        List<String> machines = List.copyOf(newest.keySet());
        Map<List<String>, Row> rows = new LinkedHashMap<>();
        int column = 0;
        for (StudyResult s : newest.values()) {
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
        return new Table(
                label,
                machines,
                newest.values().stream().map(s -> s.info().id()).toList(),
                List.copyOf(rows.values()));
    }
}
