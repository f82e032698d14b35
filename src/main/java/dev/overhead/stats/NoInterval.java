package dev.overhead.stats;

import java.util.List;
import java.util.Locale;

/**
 * The comparisons that have no interval, (−∞, +∞), and so no verdict but inconclusive: too few runs on a
 * side, or the typical ratio below the runs its exact interval needs. Apart from {@link Comparisons}, which
 * decides when, so that the deciding stays readable there.
 */
final class NoInterval {
    private NoInterval() {}

    /**
     * The typical ratio where the exact Mann-Whitney interval cannot reach the confidence (fewer than
     * 4 runs a side at 95%: with 3 against 3 the smallest two-sided p is 2/20): the estimate is
     * shown, the interval is (−∞, +∞), and runs needed says from how many runs an interval exists.
     */
    static Comparison typical(
            double[] baseline,
            double[] candidate,
            double[] b,
            double[] c,
            Direction better,
            double confidence,
            String methodNote) {
        Shift none = EstimandShifts.noInterval(b, c);
        double estimate = none.estimate();
        int needed = Comparisons.MIN_DECISIVE_RUNS;
        while (HodgesLehmann.criticalCount(needed, needed, 1 - confidence) < 1) {
            needed++;
        }
        List<String> warnings = Comparisons.commonWarnings(baseline, candidate, none);
        warnings.add(String.format(
                Locale.ROOT,
                "no interval for the typical ratio from %d and %d runs: the exact Mann-Whitney interval at %s needs"
                        + " %d runs per variant (or use --estimand geomean)",
                baseline.length,
                candidate.length,
                Looks.percent(confidence),
                needed));
        double baseValue = Robust.median(baseline);
        return new Comparison(
                better,
                baseline.length,
                candidate.length,
                baseValue,
                baseValue * Math.exp(estimate),
                Scale.LOG.toPct(estimate),
                Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY,
                org.apache.commons.statistics.inference.MannWhitneyUTest.withDefaults()
                        .test(c, b)
                        .getPValue(), // few runs a side: the exact test
                Estimand.TYPICAL.label() + ", hodges-lehmann on log values, no interval" + methodNote,
                Verdict.INCONCLUSIVE,
                needed,
                warnings,
                null,
                null);
    }

    /** Fewer than 2 runs on a side: no interval at all. */
    static Comparison tooFew(double[] baseline, double[] candidate, Direction better) {
        double b = Robust.mean(baseline);
        double c = Robust.mean(candidate);
        return of(
                better,
                baseline.length,
                candidate.length,
                b,
                c,
                b == 0 ? Double.NaN : (c / b - 1) * 100,
                "fewer than 2 runs on one side: no interval; take at least 3 runs per variant");
    }

    /** A comparison that has no interval at all, (−∞, +∞), and so no verdict but inconclusive; the warning says why. */
    static Comparison of(
            Direction better, int nb, int nc, double baseline, double candidate, double changePct, String warning) {
        return new Comparison(
                better,
                nb,
                nc,
                baseline,
                candidate,
                changePct,
                Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY,
                Double.NaN,
                "none",
                Verdict.INCONCLUSIVE,
                null,
                List.of(warning),
                null,
                null);
    }
}
