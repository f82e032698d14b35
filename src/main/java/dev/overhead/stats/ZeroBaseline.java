package dev.overhead.stats;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A baseline that is 0 in every run (no major faults before, some after): a relative change is
 * undefined, so the comparison gives the absolute difference of the means with Welch's interval on
 * the raw values, decides worse/better by whether that interval excludes 0, and never says how many
 * runs would settle it (there is no margin to reach). In a study over builds or boots the values are
 * the unit means ({@link Hierarchical}), so the interval is over units, as every other comparison there.
 */
final class ZeroBaseline {
    private ZeroBaseline() {}

    static Comparison compare(double[] baseline, double[] candidate, Direction better, double confidence, String note) {
        return compare(baseline, candidate, Comparisons.constant(candidate), "runs", better, confidence, note);
    }

    /**
     * @param baseline       0 in every value: the runs, or the unit means
     * @param candidate      the candidate's runs, or its unit means
     * @param constantRuns   the candidate's runs all hold the same value (a deterministic figure; a point
     *                       interval then decides, while unit means that happen to agree do not)
     * @param values         what {@code baseline} and {@code candidate} count: {@code runs}, {@code builds}
     */
    static Comparison compare(
            double[] baseline,
            double[] candidate,
            boolean constantRuns,
            String values,
            Direction better,
            double confidence,
            String note) {
        Shift s = Welch.unpaired(baseline, candidate, confidence).named("difference of means, welch-t" + note);
        int n = Math.min(baseline.length, candidate.length);
        Verdict verdict = Verdict.INCONCLUSIVE;
        List<String> warnings = new ArrayList<>();
        warnings.add(String.format(
                Locale.ROOT,
                "the baseline is 0 in every run: a relative change is undefined; the candidate's mean differs by"
                        + " %.4g (%s%% interval %s%.4g … %.4g)",
                s.estimate(),
                // 95, not 95.00: the report's header says "confidence 95%"
                new BigDecimal(String.format(Locale.ROOT, "%.4g", confidence * 100))
                        .stripTrailingZeros()
                        .toPlainString(),
                values.equals("runs") ? "" : "over " + values + " ",
                s.low(),
                s.high()));
        if (n < Comparisons.MIN_DECISIVE_RUNS) {
            warnings.add(
                    "fewer than " + Comparisons.MIN_DECISIVE_RUNS + " " + values + " on a side: no verdict from " + n);
        } else if (constantRuns && s.estimate() == 0) {
            verdict = Verdict.EQUIVALENT;
        } else if (s.low() == s.high() && !constantRuns) {
            warnings.add("the interval has no width although the values vary: no verdict from it");
        } else if (s.low() > 0 || s.high() < 0) {
            boolean larger = s.low() > 0;
            verdict = larger == (better == Direction.LOWER) ? Verdict.WORSE : Verdict.BETTER;
        }
        return new Comparison(
                better,
                baseline.length,
                candidate.length,
                0,
                Robust.mean(candidate),
                Double.NaN,
                Double.NaN,
                Double.NaN,
                s.pValue(),
                s.method(),
                verdict,
                null,
                warnings,
                new Comparison.Difference(s.estimate(), s.low(), s.high()),
                null);
    }
}
