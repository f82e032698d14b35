package dev.overhead.stats;

import java.util.Arrays;
import org.apache.commons.numbers.arrays.Selection;
import org.apache.commons.statistics.distribution.BinomialDistribution;

/** Order statistics and robust scale: the pieces the summaries and the rank methods share. */
final class Robust {
    /** Iglewicz and Hoaglin's cut-off for the modified z-score. */
    static final double OUTLIER_Z = 3.5;

    private Robust() {}

    static double[] sorted(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s;
    }

    /**
     * By selection, not sorting: O(n), and the same value the middle of the sorted array holds — read
     * from that array when the sample's is known ({@link Ordered}).
     */
    static double median(double[] v) {
        int n = v.length;
        if (n == 0) {
            return Double.NaN;
        }
        double[] sorted = Ordered.known(v);
        if (sorted != null) {
            return medianOfSorted(sorted, -1);
        }
        double[] s = v.clone();
        if (n % 2 == 1) {
            Selection.select(s, n / 2);
            return s[n / 2];
        }
        Selection.select(s, new int[] {n / 2 - 1, n / 2});
        return (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** Median absolute deviation from the median, unscaled. */
    static double mad(double[] v) {
        return mad(v, median(v));
    }

    private static double mad(double[] v, double median) {
        double[] d = new double[v.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = Math.abs(v[i] - median);
        }
        return median(d);
    }

    /**
     * Modified z-score M = 0.6745 (x − median) / MAD of each value against a reference sample.
     *
     * <p>Iglewicz, B. and Hoaglin, D. C. (1993), "How to Detect and Handle Outliers", ASQC Basic
     * References in Quality Control 16: values with |M| &gt; 3.5 are potential outliers. 0.6745 is
     * the 0.75 quantile of the standard normal, which makes MAD/0.6745 estimate σ for normal data.
     * NaN when the MAD is zero (more than half the values equal): no scale to judge by.
     */
    static double modifiedZ(double x, double[] reference) {
        return Spread.of(reference).modifiedZ(x);
    }

    /**
     * A reference sample's median and MAD, computed once, so that scoring every value of a sample
     * against it costs O(n) rather than two selections per value.
     */
    record Spread(double median, double mad) {
        static Spread of(double[] reference) {
            return ofSorted(Ordered.of(reference).values(), -1);
        }

        /**
         * The median and MAD of sorted values without the one at {@code skip} (-1: all of them),
         * as {@link Robust#median} and {@link Robust#mad} give them for the same values in any
         * order: the deviations below the median and those above it are two sorted sequences,
         * merged outward from the median up to the middle one, O(n) and no copy.
         */
        static Spread ofSorted(double[] sorted, int skip) {
            double m = medianOfSorted(sorted, skip);
            int n = sorted.length - (skip >= 0 ? 1 : 0);
            int up = 0; // the first index (of the sample without skip) not below the median
            int hi = n;
            while (up < hi) {
                int mid = (up + hi) >>> 1;
                if (at(sorted, skip, mid) < m) {
                    up = mid + 1;
                } else {
                    hi = mid;
                }
            }
            int down = up - 1;
            // the deviations in ascending order, until the (n/2)-th (0-based) and the one before it
            double previous = Double.NaN;
            double d = Double.NaN;
            for (int rank = 0; rank <= n / 2; rank++) {
                double below = down >= 0 ? Math.abs(at(sorted, skip, down) - m) : Double.POSITIVE_INFINITY;
                double above = up < n ? Math.abs(at(sorted, skip, up) - m) : Double.POSITIVE_INFINITY;
                previous = d;
                if (below <= above) {
                    d = below;
                    down--;
                } else {
                    d = above;
                    up++;
                }
            }
            return new Spread(m, n % 2 == 1 ? d : (previous + d) / 2);
        }

        double modifiedZ(double x) {
            return mad == 0 ? Double.NaN : 0.6745 * (x - median) / mad;
        }
    }

    /** The median of sorted values without the one at {@code skip} (-1: all of them). */
    static double medianOfSorted(double[] sorted, int skip) {
        int n = sorted.length - (skip >= 0 ? 1 : 0);
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? at(sorted, skip, n / 2) : (at(sorted, skip, n / 2 - 1) + at(sorted, skip, n / 2)) / 2;
    }

    /** The i-th of the sorted values once the one at {@code skip} is taken out. */
    private static double at(double[] sorted, int skip, int i) {
        return skip >= 0 && i >= skip ? sorted[i + 1] : sorted[i];
    }

    /**
     * The distribution-free interval for the median from order statistics, as benchstat does: the
     * number of values below the median is Binomial(n, ½), so [x₍ₖ₎, x₍ₙ₊₁₋ₖ₎] covers it with
     * probability 1 − 2·P(B ≤ k − 1). Takes the largest k whose coverage is at least the
     * confidence. Returns {low, high, achieved coverage}, or NaNs when even [min, max] falls
     * short (n &lt; 6 at 95%). Reference: Hollander, Wolfe and Chicken (2014), Nonparametric
     * Statistical Methods, 3rd ed., §3.6.
     */
    static double[] medianInterval(double[] values, double confidence) {
        int n = values.length;
        if (n == 0) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        BinomialDistribution b = BinomialDistribution.of(n, 0.5);
        double alpha = 1 - confidence;
        // k − 1 is the largest j with 2·P(B ≤ j) ≤ α: found from the inverse, then checked against that
        // exact condition a step either way (a loop over j would be O(n) evaluations of the CDF).
        int j = b.inverseCumulativeProbability(alpha / 2);
        while (j >= 0 && !(2 * b.cumulativeProbability(j) <= alpha)) {
            j--;
        }
        while (j + 1 <= n && 2 * b.cumulativeProbability(j + 1) <= alpha) {
            j++;
        }
        int k = Math.min(j + 1, (n + 1) / 2);
        if (k == 0) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        double[] s = Ordered.of(values).values(); // the summary's outliers sort it too: once for both
        return new double[] {s[k - 1], s[n - k], 1 - 2 * b.cumulativeProbability(k - 1)};
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return v.length == 0 ? Double.NaN : s / v.length;
    }

    static double variance(double[] v) {
        // Identical values have no spread; the mean of n copies of x can differ from x in the last
        // bit, and that rounding must not become a variance of 1e-32 with NaN degrees of freedom.
        if (constant(v)) {
            return 0;
        }
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return v.length > 1 ? s / (v.length - 1) : 0;
    }

    /** True when every value equals the first (loops, not streams: 10⁶ values go through these). */
    static boolean constant(double[] v) {
        for (double x : v) {
            if (x != v[0]) {
                return false;
            }
        }
        return true;
    }

    /** The logarithms; their sorted form, when asked for, is the logarithms of the values' ({@link Ordered}). */
    static double[] logs(double[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = Math.log(v[i]);
        }
        Ordered.derive(out, v, Math::log); // Math.log is semi-monotonic: the order carries over
        return out;
    }

    static boolean allPositive(double[] v) {
        for (double x : v) {
            if (!(x > 0)) {
                return false;
            }
        }
        return true;
    }
}
