package dev.overhead.interop;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Direction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How figures read from other tools' files become overhead's model.
 *
 * <p>Other tools record only some of the figures overhead measures for every run (hyperfine: wall
 * time and exit code; Go: per-op figures; PTS: one result value). A {@link Run} has a field for each
 * OS figure, so the absent ones are set to 0 and the workload says which metrics really exist: an
 * imported workload's {@link Workload#metrics()} is the <em>complete</em> list of its metrics,
 * built-ins included (as their {@link Metrics.Builtin#spec()}). Figures that are not per-run OS
 * figures are kept in {@link Run#metrics()} under a spec whose regex is {@link #IMPORTED} (empty:
 * read from a file, not parsed from output). {@link #isComplete(Workload)} tells the analysis that
 * such a list must be compared as it stands.
 *
 * <p>Order in the study is unknown for most formats: {@code sequence} and {@code round} are then -1,
 * and {@code started} is null.
 */
public final class Imported {
    private Imported() {}

    /** The regex of a metric read from another tool's file (there is nothing to parse). */
    public static final String IMPORTED = "";

    /**
     * True when the workload's metric list is complete (it came from another tool's file): only
     * those metrics exist, and built-ins not listed are absent rather than zero.
     */
    public static boolean isComplete(Workload workload) {
        return workload.metrics().stream()
                .anyMatch(m -> !m.parsed() || m.regex().isEmpty());
    }

    /**
     * The metrics a workload has: its complete list where it came from another tool's file, else
     * its parsed metrics followed by every built-in (overhead measured them all).
     */
    public static List<MetricSpec> metricsOf(Workload workload) {
        if (isComplete(workload)) {
            return workload.metrics();
        }
        SpecSet all = new SpecSet();
        workload.metrics().forEach(all::add);
        Metrics.builtins().forEach(all::add);
        return all.list();
    }

    public static MetricSpec metric(String name, Direction better, String unit) {
        return new MetricSpec(name, better, unit, IMPORTED);
    }

    /**
     * A built-in figure kept as read, in the runs' metrics map under its own name (one that does not
     * cover every run, or a count with fractional values): the same direction, unit and kind, so a
     * count is still compared as a count.
     */
    public static MetricSpec read(MetricSpec spec) {
        boolean count = spec.count()
                || (!spec.parsed()
                        && Metrics.builtin(spec.name())
                                .map(Metrics.Builtin::count)
                                .orElse(false));
        return new MetricSpec(spec.name(), spec.better(), spec.unit(), IMPORTED, count);
    }

    public static MetricSpec wall() {
        return Metrics.Builtin.WALL.spec();
    }

    /** A run that has only a wall time (and maybe a peak RSS and other figures). */
    public static Run run(
            int index, int sequence, double wallS, int exitCode, long maxRssKib, Map<String, Double> metrics) {
        return new Run(
                index, sequence, -1, null, exitCode, null, false, wallS, 0, 0, maxRssKib, false, 0, 0, 0, 0, 0, 0,
                metrics, null, null);
    }

    /** A run that has only figures in its metrics map. */
    public static Run metricsRun(int index, Map<String, Double> metrics) {
        return run(index, -1, 0, 0, 0, metrics);
    }

    public static Workload workload(
            String name, List<String> command, Map<String, String> parameters, List<MetricSpec> metrics) {
        return new Workload(name, command, false, parameters, List.of(), metrics);
    }

    public static StudyResult study(
            String id,
            String label,
            Instant created,
            String tool,
            List<WorkloadResult> workloads,
            List<String> warnings) {
        return new StudyResult(
                new StudyInfo(id, label, created, StudySettings.readFrom(tool)),
                Map.of(),
                workloads,
                List.of(),
                warnings,
                List.of());
    }

    /** The file name without directory and extension: the variant name of a one-variant file. */
    public static String stem(String source) {
        String name = source.replaceFirst(".*[/\\\\]", "");
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** Metrics in first-seen order, by name. */
    static final class SpecSet {
        private final Map<String, MetricSpec> specs = new LinkedHashMap<>();

        void add(MetricSpec spec) {
            specs.putIfAbsent(spec.name(), spec);
        }

        List<MetricSpec> list() {
            return new ArrayList<>(specs.values());
        }
    }
}
