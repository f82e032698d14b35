package dev.overhead.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A baseline that is 0 in every run (no major faults before, some after): a relative change is
 * undefined, so the comparison gives the absolute difference of the means with Welch's interval on
 * the raw values, decides worse/better by whether that interval excludes 0, and never says how many
 * runs would settle it (there is no margin to reach).
 */
final class ZeroBaseline {
    private ZeroBaseline() {}

    static Comparison compare(double[] baseline, double[] candidate, Direction better, double confidence, String note) {
        Shift s = Welch.unpaired(baseline, candidate, confidence).named("difference of means, welch-t" + note);
        int n = Math.min(baseline.length, candidate.length);
        boolean deterministic = Comparisons.constant(candidate);
        Verdict verdict = Verdict.INCONCLUSIVE;
        List<String> warnings = new ArrayList<>();
        warnings.add(String.format(
                Locale.ROOT,
                "the baseline is 0 in every run: a relative change is undefined; the candidate's mean differs by"
                        + " %.4g (%.4g%% interval %.4g … %.4g)",
                s.estimate(),
                confidence * 100,
                s.low(),
                s.high()));
        if (n < Comparisons.MIN_DECISIVE_RUNS) {
            warnings.add("fewer than " + Comparisons.MIN_DECISIVE_RUNS + " runs on a side: no verdict from " + n);
        } else if (deterministic && s.estimate() == 0) {
            verdict = Verdict.EQUIVALENT;
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
