package dev.overhead.cli;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.plan.Percentages;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.study.UserError;
import dev.overhead.verdicts.Highlights;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --fail-if-worse [METRIC:]PCT} (repeatable): exit 3 when a comparison's whole interval lies
 * beyond PCT on the worse side, on the metric named or, without a name, each workload's primary. A
 * point estimate past the line is not enough: the interval must be.
 */
final class FailIfWorse {
    private FailIfWorse() {}

    /** One threshold; {@code metric} null means each workload's primary metric. */
    record Threshold(String metric, double pct) {}

    /** The thresholds as the verdicts' gates (the JUnit report and the pooled submission judge by them). */
    static List<dev.overhead.verdicts.Gate> gates(List<Threshold> thresholds) {
        return thresholds.stream()
                .map(t -> new dev.overhead.verdicts.Gate(t.metric(), t.pct()))
                .toList();
    }

    static List<Threshold> parse(List<String> specs) {
        List<Threshold> out = new ArrayList<>();
        for (String spec : specs) {
            int colon = spec.lastIndexOf(':');
            String metric = colon < 0 ? null : spec.substring(0, colon).strip();
            String pct = colon < 0 ? spec : spec.substring(colon + 1);
            try {
                out.add(new Threshold(metric == null || metric.isEmpty() ? null : metric, Percentages.parse(pct)));
            } catch (IllegalArgumentException e) {
                throw UserError.usage("--fail-if-worse " + spec + ": " + e.getMessage()
                        + " (give [METRIC:]PCT, such as 5% or max_rss:10%)");
            }
        }
        return out;
    }

    /** The workload's own primary (a profile's or a plan's), else the study's. */
    private static String primaryOf(StudyResult result, String workload, String primary) {
        return result.workloads().stream()
                .filter(w -> w.name().equals(workload))
                .findFirst()
                .map(w -> w.workload().primaryOr(primary))
                .orElse(primary);
    }

    static int exitCode(StudyResult result, List<Threshold> thresholds, String primary, PrintWriter err) {
        for (Threshold t : thresholds) {
            for (ComparisonRow row : result.comparisons()) {
                String metric = t.metric() != null
                        ? t.metric()
                        : Highlights.primaryOf(
                                result.comparisons(), row.workload(), primaryOf(result, row.workload(), primary));
                if (!row.metric().equals(metric)) {
                    continue;
                }
                Comparison c = row.comparison();
                // the interval's end nearest to "no change", on the worse side
                double nearest = c.better() == Direction.LOWER ? c.ciLowPct() : -c.ciHighPct();
                if (Double.isFinite(nearest) && nearest > t.pct()) {
                    err.printf(
                            Locale.ROOT,
                            "overhead: %s is worse than %s on %s/%s: its whole interval [%+.1f%%, %+.1f%%] lies beyond"
                                    + " %.1f%% (--fail-if-worse)%n",
                            row.candidate(),
                            row.baseline(),
                            row.workload(),
                            row.metric(),
                            c.ciLowPct(),
                            c.ciHighPct(),
                            t.pct());
                    return 3;
                }
            }
        }
        return 0;
    }
}
