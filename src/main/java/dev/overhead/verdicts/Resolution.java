package dev.overhead.verdicts;

import dev.overhead.model.Metrics;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Figures the kernel counts in steps larger than the changes a study may look for. {@code tree_mem}
 * is the peak of what the run's memory cgroup was charged, and the kernel charges a cgroup in
 * batches of 64 pages (MEMCG_CHARGE_BATCH; 256 KiB with 4 KiB pages), keeping the surplus on the
 * CPU that charged it: a small tree's peak is 256, 512 or 768 KiB depending on how many CPUs it
 * ran on, not on what it allocated (bench/tree-mem-aa: {@code sleep 0.01} read 512 KiB in 1,135 of
 * 2,400 runs). A change smaller than one batch is therefore not resolved: it can neither be called
 * worse or better nor shown to be within the threshold.
 */
final class Resolution {
    /** One charge batch of a memory cgroup: 64 pages of 4 KiB (x86-64, arm64 with 4 KiB pages). */
    static final double TREE_MEM_STEP_KIB = 256;

    private Resolution() {}

    /** The comparison, made inconclusive where its decision rests on a change below the metric's step. */
    static Comparison apply(String metric, Comparison c, double thresholdPct) {
        if (!metric.equals(Metrics.Builtin.TREE_MEM.metricName()) || !(c.baselineValue() > 0)) {
            return c;
        }
        double stepPct = 100 * TREE_MEM_STEP_KIB / c.baselineValue();
        boolean unresolved = switch (c.verdict()) {
            case WORSE, BETTER -> Math.min(Math.abs(c.ciLowPct()), Math.abs(c.ciHighPct())) < stepPct;
            case EQUIVALENT -> stepPct > thresholdPct;
            case INCONCLUSIVE -> false;
        };
        if (!unresolved) {
            return c;
        }
        List<String> warnings = new ArrayList<>(c.warnings());
        warnings.add(String.format(
                Locale.ROOT,
                "the memory cgroup is charged 256 KiB at a time per CPU, so at %.0f KiB tree mem moves in steps of"
                        + " %.1f%%: a change below that is not resolved (docs/workloads.md, tree mem)",
                c.baselineValue(),
                stepPct));
        return c.withVerdict(Verdict.INCONCLUSIVE, null, warnings); // more runs do not make the steps smaller
    }
}
