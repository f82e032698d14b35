package dev.overhead.stats;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A baseline that is 0 in every run (no major faults before, some after): a relative change is
 * undefined, so the comparison gives the absolute difference of the means with Welch's interval on
 * the raw values. It decides worse/better only when the runs with events say so ({@link RareEvents}:
 * the exact bounds of the shares of runs with events separate, and Welch's interval excludes 0; the
 * p-value is Fisher's exact test on those runs), and `equivalent` (0 on both sides) only from the runs
 * at which the rule of three leaves the event in under a third of the runs ({@link UnseenModes}: 8 at
 * 95%). Runs needed: the runs at which the bounds would separate, the shares taken as seen. In a study over builds or boots the values are
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
        Integer runsNeeded = null;
        double p = s.pValue();
        if (n < Comparisons.MIN_DECISIVE_RUNS) {
            warnings.add(
                    "fewer than " + Comparisons.MIN_DECISIVE_RUNS + " " + values + " on a side: no verdict from " + n);
        } else if (constantRuns && s.estimate() == 0) {
            // 0 in every run on both sides: the event can still occur in a share of runs neither showed
            double share = UnseenModes.share(n, confidence);
            if (share * UnseenModes.FLOOR_THRESHOLDS < 1) {
                verdict = Verdict.EQUIVALENT;
            } else {
                runsNeeded = n + 1;
                while (UnseenModes.share(runsNeeded, confidence) * UnseenModes.FLOOR_THRESHOLDS >= 1) {
                    runsNeeded++;
                }
                warnings.add(String.format(
                        Locale.ROOT,
                        "0 in every %s on both sides, but %d %s a side cannot exclude the event in up to %.0f%%"
                                + " of them (rule of three): no verdict before %d",
                        values.substring(0, values.length() - 1),
                        n,
                        values,
                        share * 100,
                        runsNeeded));
            }
        } else if (s.low() == s.high() && !constantRuns) {
            warnings.add("the interval has no width although the values vary: no verdict from it");
        } else {
            // decided on the runs with events (RareEvents): the t interval of the difference ignores how
            // little the baseline's zeros prove
            int sign = s.estimate() >= 0 ? 1 : -1;
            int kc = RareEvents.withEvents(candidate, sign);
            int kb = RareEvents.withEvents(baseline, sign);
            p = RareEvents.fisherP(kb, baseline.length, kc, candidate.length);
            int dir = RareEvents.direction(kb, baseline.length, kc, candidate.length, confidence);
            if (dir == 1 && (s.low() > 0 || s.high() < 0)) {
                boolean larger = sign > 0;
                verdict = larger == (better == Direction.LOWER) ? Verdict.WORSE : Verdict.BETTER;
            } else if (dir == 1) {
                warnings.add("the interval of the difference reaches 0: no verdict from it");
            } else if (s.estimate() != 0) {
                warnings.add(RareEvents.sentence(kb, baseline.length, kc, candidate.length, values, confidence));
                runsNeeded = values.equals("runs")
                        ? RareEvents.runsNeeded(kb, baseline.length, kc, candidate.length, confidence)
                        : null;
            }
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
                p,
                s.method(),
                verdict,
                runsNeeded,
                warnings,
                new Comparison.Difference(s.estimate(), s.low(), s.high()),
                null);
    }
}
