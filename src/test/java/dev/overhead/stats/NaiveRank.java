package dev.overhead.stats;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The quadratic implementations the selection-based ones replaced, kept as the reference the
 * property tests compare against: every pairwise value materialised and sorted.
 */
final class NaiveRank {
    private NaiveRank() {}

    static double[] sortedDifferences(double[] b, double[] c) {
        double[] d = new double[b.length * c.length];
        int i = 0;
        for (double y : c) {
            for (double x : b) {
                d[i++] = y - x;
            }
        }
        Arrays.sort(d);
        return d;
    }

    static double[] sortedWalsh(double[] d) {
        int n = d.length;
        double[] w = new double[n * (n + 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                w[k++] = (d[i] + d[j]) / 2;
            }
        }
        Arrays.sort(w);
        return w;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** {estimate, low, high} with the old code's indexing: [D₍ₖ₎, D₍N₊₁₋ₖ₎]. */
    static double[] interval(double[] sorted, long k) {
        return new double[] {median(sorted), sorted[(int) k - 1], sorted[sorted.length - (int) k]};
    }

    /** Mann-Kendall S, tie-corrected variance and Sen's slope over all pairs, as RunSequence had it. */
    static double[] trend(double[] x) {
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
        return new double[] {s, var / 18, n > 1 ? median(slopes) : 0};
    }

    /** Each value's modified z-score against the whole sample, recomputed per value as Summary had it. */
    static java.util.List<Integer> outliers(double[] x) {
        java.util.List<Integer> out = new java.util.ArrayList<>();
        if (x.length < 3) {
            return out;
        }
        for (int i = 0; i < x.length; i++) {
            double m = median(x);
            double mad = median(Arrays.stream(x).map(v -> Math.abs(v - m)).toArray());
            double z = mad == 0 ? Double.NaN : 0.6745 * (x[i] - m) / mad;
            if (Math.abs(z) > Robust.OUTLIER_Z) {
                out.add(i);
            }
        }
        return out;
    }

    /** The median interval's k by stepping through the binomial CDF, as Robust had it. */
    static int medianIntervalK(int n, double confidence) {
        var b = org.apache.commons.statistics.distribution.BinomialDistribution.of(n, 0.5);
        int k = 0;
        while (k + 1 <= (n + 1) / 2 && 2 * b.cumulativeProbability(k) <= 1 - confidence) {
            k++;
        }
        return k;
    }
}
