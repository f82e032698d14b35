package dev.overhead.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.distribution.NormalDistribution;

/** What the order of the runs reveals: a warm-up first run, a trend across the study. */
public final class RunSequence {
    /** A trend is reported only when this unlikely under "no trend" ... */
    static final double DRIFT_P = 0.01;
    /** ... and when it moves the values by at least this much over the study, in percent. */
    static final double DRIFT_MIN_TOTAL_PCT = 1.0;

    static final int DRIFT_MIN_RUNS = 8;

    private RunSequence() {}

    /**
     * Mann-Kendall trend test of values against their run index with Sen's slope.
     *
     * @param s         Kendall's S: concordant minus discordant pairs of (index, value)
     * @param z         S over its standard deviation under no trend (tie-corrected)
     * @param pValue    two-sided, normal approximation (as scipy.stats.kendalltau, method='asymptotic')
     * @param slope     Sen's slope: the median of (x_j − x_i)/(j − i) over i &lt; j, per run
     */
    public record Trend(double s, double z, double pValue, double slope) {}

    /**
     * Mann, H. B. (1945), "Nonparametric tests against trend", Econometrica 13; Kendall, M. G.
     * (1975), Rank Correlation Methods; Sen, P. K. (1968), "Estimates of the regression coefficient
     * based on Kendall's tau", JASA 63. Var(S) = [n(n−1)(2n+5) − Σ t(t−1)(2t+5)]/18 over groups of
     * t tied values; the run index has no ties.
     */
    public static Trend trend(double[] valuesInRunOrder) {
        double[] x = valuesInRunOrder;
        int n = x.length;
        long s = 0;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += (long) Math.signum(x[j] - x[i]);
                slopes[k++] = (x[j] - x[i]) / (j - i);
            }
        }
        Map<Double, Integer> ties = new HashMap<>();
        for (double v : x) {
            ties.merge(v, 1, Integer::sum);
        }
        double var = (double) n * (n - 1) * (2 * n + 5);
        for (int t : ties.values()) {
            var -= (double) t * (t - 1) * (2 * t + 5);
        }
        var /= 18;
        double z = var > 0 ? s / Math.sqrt(var) : 0;
        double p = 2 * NormalDistribution.of(0, 1).survivalProbability(Math.abs(z));
        return new Trend(s, z, Math.min(1, p), n > 1 ? Robust.median(slopes) : 0);
    }

    /**
     * A first run far from the others: its modified z-score against the rest exceeds 3.5 (see
     * {@link Robust#modifiedZ}). Needs at least three other runs to judge by.
     */
    public static boolean warmupSuspected(double[] valuesInRunOrder) {
        if (valuesInRunOrder.length < 4) {
            return false;
        }
        double[] rest = Arrays.copyOfRange(valuesInRunOrder, 1, valuesInRunOrder.length);
        double z = Robust.modifiedZ(valuesInRunOrder[0], rest);
        return Math.abs(z) > Robust.OUTLIER_Z;
    }

    /** Warnings about warm-up and drift, as data for the report. */
    public static List<String> warnings(double[] valuesInRunOrder) {
        List<String> out = new ArrayList<>();
        if (warmupSuspected(valuesInRunOrder)) {
            out.add(String.format(
                    java.util.Locale.ROOT,
                    "the first run (%.6g) is far from the rest: a warm-up run may be needed (--warmup)",
                    valuesInRunOrder[0]));
        }
        int n = valuesInRunOrder.length;
        if (n >= DRIFT_MIN_RUNS) {
            Trend t = trend(valuesInRunOrder);
            double median = Robust.median(valuesInRunOrder);
            double totalPct = median == 0 ? 0 : t.slope() * (n - 1) / Math.abs(median) * 100;
            if (t.pValue() < DRIFT_P && Math.abs(totalPct) >= DRIFT_MIN_TOTAL_PCT) {
                out.add(String.format(
                        java.util.Locale.ROOT,
                        "values drift by %+.2g%% over the runs (Mann-Kendall p = %.2g): interleave variants"
                                + " and check the machine's load and temperature",
                        totalPct,
                        t.pValue()));
            }
        }
        return out;
    }
}
