package dev.overhead.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
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

    /** Sen's slope is the exact median of all n(n−1)/2 slopes up to this many runs (2.1 million slopes) ... */
    static final int SEN_EXACT_MAX_RUNS = 2048;
    /** ... and above it the median of this many slopes of pairs drawn at random (a fixed seed). */
    static final int SEN_SAMPLED_PAIRS = 1 << 20;

    /**
     * Mann, H. B. (1945), "Nonparametric tests against trend", Econometrica 13; Kendall, M. G.
     * (1975), Rank Correlation Methods; Sen, P. K. (1968), "Estimates of the regression coefficient
     * based on Kendall's tau", JASA 63. Var(S) = [n(n−1)(2n+5) − Σ t(t−1)(2t+5)]/18 over groups of
     * t tied values; the run index has no ties.
     *
     * <p>S is exact at any n: it is the number of pairs minus the tied pairs minus twice the
     * inversions of the values in run order, counted by merge sort in O(n log n) (Knight, W. R.
     * (1966), "A computer method for calculating Kendall's tau with ungrouped data", JASA 61). Sen's
     * slope is exact up to {@link #SEN_EXACT_MAX_RUNS} runs. Above that it is the median of the slopes
     * of {@link #SEN_SAMPLED_PAIRS} pairs drawn uniformly at random (seeded, so the same runs give the
     * same figure): the slopes are not a sorted matrix, and exact slope selection (Matoušek 1991)
     * costs several sorts of the runs per step. The sampled median's error is about the exact
     * estimate's own standard error at these sizes, far below the 1% drift the warning needs to see
     * (RunSequenceScaleTest measures it).
     */
    public static Trend trend(double[] valuesInRunOrder) {
        return trend(valuesInRunOrder, true);
    }

    /** The trend, with Sen's slope only when asked for (NaN otherwise): the test alone is O(n log n). */
    private static Trend trend(double[] valuesInRunOrder, boolean slope) {
        double[] x = valuesInRunOrder;
        int n = x.length;
        Ordered.Sorted ordered = Ordered.withInversions(x); // shared with the summary and the comparison
        double[] sorted = ordered.values();
        long inversions = ordered.inversions();
        long tiedPairs = 0;
        double var = (double) n * (n - 1) * (2.0 * n + 5);
        for (int i = 0; i < n; ) {
            int j = i;
            while (j < n && sorted[j] == sorted[i]) {
                j++;
            }
            double t = j - i;
            var -= t * (t - 1) * (2 * t + 5);
            tiedPairs += (long) (j - i) * (j - i - 1) / 2;
            i = j;
        }
        var /= 18;
        long s = (long) n * (n - 1) / 2 - tiedPairs - 2 * inversions;
        double z = var > 0 ? s / Math.sqrt(var) : 0;
        double p = 2 * NormalDistribution.of(0, 1).survivalProbability(Math.abs(z));
        return new Trend(s, z, Math.min(1, p), !slope ? Double.NaN : n > 1 ? senSlope(x) : 0);
    }

    static double senSlope(double[] x) {
        int n = x.length;
        double[] slopes;
        if (n <= SEN_EXACT_MAX_RUNS) {
            slopes = new double[n * (n - 1) / 2];
            int k = 0;
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    slopes[k++] = (x[j] - x[i]) / (j - i);
                }
            }
        } else {
            slopes = new double[SEN_SAMPLED_PAIRS];
            SplittableRandom random = new SplittableRandom(0x5e7_5109eL);
            for (int k = 0; k < slopes.length; ) {
                int i = random.nextInt(n);
                int j = random.nextInt(n);
                if (i != j) {
                    int a = Math.min(i, j);
                    int b = Math.max(i, j);
                    slopes[k++] = (x[b] - x[a]) / (b - a);
                }
            }
        }
        return Robust.median(slopes);
    }

    /**
     * A first run far from the others: its modified z-score against the rest exceeds 3.5 (see
     * {@link Robust#modifiedZ}). Needs at least three other runs to judge by.
     */
    public static boolean warmupSuspected(double[] valuesInRunOrder) {
        if (valuesInRunOrder.length < 4) {
            return false;
        }
        // the rest's median and MAD from the whole sample's sorted values without the first run's
        double[] sorted = Ordered.of(valuesInRunOrder).values();
        int first = Arrays.binarySearch(sorted, valuesInRunOrder[0]);
        double z = Robust.Spread.ofSorted(sorted, first).modifiedZ(valuesInRunOrder[0]);
        return Math.abs(z) > Robust.OUTLIER_Z;
    }

    /** Samples at least this long have their warnings remembered ({@link #RECENT}). */
    static final int REMEMBER_FROM = 10_000;

    /**
     * The last few large samples' warnings: a study's summaries and its notes both ask for the same
     * variant's warnings (verdicts.Summaries and Analyzer.sequenceWarnings), and at 10⁶ runs the
     * trend is the costliest part of either. Keyed by the values themselves, so a hit is the same
     * answer.
     */
    private static final Map<Recent, List<String>> RECENT = new LinkedHashMap<>(4, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Recent, List<String>> eldest) {
            return size() > 4;
        }
    };

    private record Recent(double[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Recent r && Arrays.equals(values, r.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }

    /** Warnings about warm-up and drift, as data for the report. */
    public static List<String> warnings(double[] valuesInRunOrder) {
        if (valuesInRunOrder.length < REMEMBER_FROM) {
            return computeWarnings(valuesInRunOrder);
        }
        Recent key = new Recent(valuesInRunOrder.clone());
        synchronized (RECENT) {
            List<String> known = RECENT.get(key);
            if (known != null) {
                return known;
            }
        }
        List<String> out = List.copyOf(computeWarnings(valuesInRunOrder));
        synchronized (RECENT) {
            RECENT.put(key, out);
        }
        return out;
    }

    /** Six significant figures without trailing zeros ({@code 8.926}, {@code 268211}, {@code 0.0939868}): stats knows no unit. */
    private static String figure(double v) {
        return new java.math.BigDecimal(v)
                .round(new java.math.MathContext(6))
                .stripTrailingZeros()
                .toPlainString();
    }

    private static List<String> computeWarnings(double[] valuesInRunOrder) {
        List<String> out = new ArrayList<>();
        if (warmupSuspected(valuesInRunOrder)) {
            out.add("the first run (" + figure(valuesInRunOrder[0]) + ") is far from the rest (median "
                    + figure(Robust.median(Arrays.copyOfRange(valuesInRunOrder, 1, valuesInRunOrder.length)))
                    + "): a warm-up run may be needed (--warmup)");
        }
        int n = valuesInRunOrder.length;
        if (n >= DRIFT_MIN_RUNS) {
            // the slope (2²⁰ sampled pairs above 2,048 runs) only where the test finds a trend
            Trend t = trend(valuesInRunOrder, false);
            double median = Robust.median(valuesInRunOrder);
            double slope = t.pValue() < DRIFT_P ? senSlope(valuesInRunOrder) : 0;
            double totalPct = median == 0 ? 0 : slope * (n - 1) / Math.abs(median) * 100;
            if (t.pValue() < DRIFT_P && Math.abs(totalPct) >= DRIFT_MIN_TOTAL_PCT) {
                out.add(String.format(
                        java.util.Locale.ROOT,
                        "values drift by %s%% over the runs (Mann-Kendall p = %.2g): interleave variants"
                                + " and check the machine's load and temperature",
                        twoDigits(totalPct),
                        t.pValue()));
            }
        }
        return out;
    }

    /** Whether {@code warning} is one of these notes (a drift, a far first run), with its subject before it. */
    public static boolean wrote(String warning) {
        return warning.contains(": values drift by ") && warning.contains(" over the runs (Mann-Kendall p = ")
                || warning.contains(": the first run (") && warning.endsWith("a warm-up run may be needed (--warmup)");
    }

    /** A signed percentage to two significant digits, never in exponent form: +58, −1.2, +140 (not +1.4e+02). */
    static String twoDigits(double pct) {
        String digits = new java.math.BigDecimal(Math.abs(pct))
                .round(new java.math.MathContext(2))
                .stripTrailingZeros()
                .toPlainString();
        return (pct < 0 ? "-" : "+") + digits;
    }
}
