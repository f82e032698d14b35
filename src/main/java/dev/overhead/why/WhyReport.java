package dev.overhead.why;

import dev.overhead.stats.PointChange;
import java.util.List;

/**
 * What {@code overhead why} found for one workload: for each candidate, where its samples moved
 * from the baseline's. Changes are in points: percent of the baseline's mean total per run, so the
 * changes of all symbols (or DSOs, or modes) add up to the change of the total.
 *
 * @param unit      what the sample weights are ({@code ns} for cpu-clock, {@code cycles})
 * @param directory where the perf.data files are kept
 */
public record WhyReport(
        String workload,
        String command,
        String event,
        String unit,
        int frequency,
        String callGraph,
        String syscallTool,
        int rounds,
        List<String> variants,
        String baseline,
        String directory,
        List<Diff> diffs,
        List<String> notes) {

    /**
     * One candidate against the baseline.
     *
     * @param total    the change of the sampled total, in percent of the baseline's
     * @param wall     the change of wall time under perf, in percent of the baseline's
     * @param symbols  per symbol (allocator entry points by role), largest contribution first; the
     *                 intervals hold together for the family at the report's confidence (Bonferroni)
     * @param syscalls per system call, largest change of time first; empty when none were counted
     */
    public record Diff(
            String candidate,
            PointChange total,
            PointChange wall,
            double baselineTotalMean,
            double candidateTotalMean,
            long baselineSamples,
            long candidateSamples,
            List<Row> symbols,
            List<Row> dsos,
            List<Row> modes,
            List<SyscallRow> syscalls,
            FlameNode flame) {}

    /**
     * One symbol, DSO or mode.
     *
     * @param baselineSharePct  its mean share of the baseline's samples per run, in percent
     * @param baselineShares    its share in each of the baseline's runs, in percent
     * @param change            candidate minus baseline, in points of the baseline's total
     * @param only              {@code baseline} or {@code candidate} when only one variant has it; null otherwise
     */
    public record Row(
            String key,
            String symbol,
            String dso,
            boolean kernel,
            double baselineSharePct,
            double candidateSharePct,
            List<Double> baselineShares,
            List<Double> candidateShares,
            PointChange change,
            String only) {
        public Row {
            baselineShares = List.copyOf(baselineShares);
            candidateShares = List.copyOf(candidateShares);
        }
    }

    /** One system call: calls per run and seconds per run, each compared across runs. */
    public record SyscallRow(
            String name,
            double baselineCalls,
            double candidateCalls,
            PointChange calls,
            double baselineSeconds,
            double candidateSeconds,
            PointChange seconds) {}

    /**
     * A frame of the differential flame graph, merged over runs: mean weight per run in each variant,
     * in points of the baseline's total.
     */
    public record FlameNode(String name, double baseline, double candidate, List<FlameNode> children) {}
}
