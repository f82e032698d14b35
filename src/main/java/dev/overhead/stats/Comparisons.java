package dev.overhead.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The one place that decides "is it noise?" (STYLE.md §4).
 *
 * <p>First version: Welch's t interval on log values, back-transformed to a ratio of geometric
 * means. The statistics issue replaces this with the full engine.
 */
public final class Comparisons {
    private Comparisons() {}

    public static Comparison compare(double[] baseline, double[] candidate, Direction better, CompareOptions options) {
        List<String> warnings = new ArrayList<>();
        int nb = baseline.length;
        int nc = candidate.length;
        if (nb < 2 || nc < 2) {
            warnings.add("fewer than 2 runs on one side: no interval");
            double b = mean(baseline);
            double c = mean(candidate);
            double change = b == 0 ? Double.NaN : (c / b - 1) * 100;
            return new Comparison(better, nb, nc, b, c, change, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
                    Double.NaN, "none", Verdict.INCONCLUSIVE, null, warnings);
        }
        if (Arrays.stream(baseline).anyMatch(v -> v <= 0) || Arrays.stream(candidate).anyMatch(v -> v <= 0)) {
            warnings.add("values at or below zero: compared on the raw scale");
            return welch(baseline, candidate, better, options, warnings, false);
        }
        return welch(baseline, candidate, better, options, warnings, true);
    }

    private static Comparison welch(double[] baseline, double[] candidate, Direction better, CompareOptions options,
            List<String> warnings, boolean log) {
        double[] b = log ? Arrays.stream(baseline).map(Math::log).toArray() : baseline;
        double[] c = log ? Arrays.stream(candidate).map(Math::log).toArray() : candidate;
        double mb = mean(b);
        double mc = mean(c);
        double vb = variance(b, mb) / b.length;
        double vc = variance(c, mc) / c.length;
        double se = Math.sqrt(vb + vc);
        double diff = mc - mb;
        double df = se == 0 ? b.length + c.length - 2
                : (vb + vc) * (vb + vc) / (vb * vb / (b.length - 1) + vc * vc / (c.length - 1));
        TDistribution t = TDistribution.of(df);
        double q = t.inverseSurvivalProbability((1 - options.confidence()) / 2);
        double lo = diff - q * se;
        double hi = diff + q * se;
        double p = se == 0 ? (diff == 0 ? 1 : 0) : 2 * t.survivalProbability(Math.abs(diff / se));
        double baseValue = log ? Math.exp(mb) : mb;
        double candValue = log ? Math.exp(mc) : mc;
        double change;
        double lowPct;
        double highPct;
        if (log) {
            change = (Math.exp(diff) - 1) * 100;
            lowPct = (Math.exp(lo) - 1) * 100;
            highPct = (Math.exp(hi) - 1) * 100;
        } else {
            change = diff / mb * 100;
            lowPct = lo / mb * 100;
            highPct = hi / mb * 100;
        }
        Verdict verdict = Verdicts.decide(lowPct, highPct, better, options.thresholdPct());
        return new Comparison(better, b.length, c.length, baseValue, candValue, change, lowPct, highPct, p,
                log ? "welch-t on log values" : "welch-t", verdict, null, warnings);
    }

    static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    static double variance(double[] v, double mean) {
        double s = 0;
        for (double x : v) {
            s += (x - mean) * (x - mean);
        }
        return v.length > 1 ? s / (v.length - 1) : 0;
    }
}
