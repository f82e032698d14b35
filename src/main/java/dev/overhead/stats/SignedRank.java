package dev.overhead.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;

/**
 * The one-sample Hodges-Lehmann estimate (median of the n(n+1)/2 Walsh averages (dᵢ + dⱼ)/2,
 * i ≤ j) with the distribution-free interval that inverts the Wilcoxon signed-rank test:
 * [A₍ₖ₎, A₍ₙ₍ₙ₊₁₎/₂₊₁₋ₖ₎] of the sorted Walsh averages, k the largest integer with
 * P(W⁺ ≤ k − 1) ≤ α/2 under no shift. It needs the differences to be symmetric about their centre,
 * which per-round differences are when the order within each round is random.
 *
 * <p>Hodges, J. L. and Lehmann, E. L. (1963), "Estimates of location based on rank tests", Ann.
 * Math. Statist. 34; Tukey's Walsh-average form in Hollander, Wolfe and Chicken (2014),
 * Nonparametric Statistical Methods, §3.2–3.3; Wilcoxon, F. (1945), "Individual comparisons by
 * ranking methods", Biometrics Bulletin 1. Same interval as R's
 * {@code wilcox.test(x, conf.int = TRUE)} in its exact case. The paired form of the typical ratio
 * ({@link Estimand#TYPICAL}) on the per-round log ratios: a spike moves one difference, not the
 * estimate.
 */
final class SignedRank {
    static final int EXACT_MAX_N = 200;
    private static final Map<Integer, double[]> CDF_MEMO = new ConcurrentHashMap<>();

    private SignedRank() {}

    /** The shift, or null when n differences cannot reach the confidence at all. */
    static Shift shift(double[] d, double confidence) {
        int n = d.length;
        long k = criticalCount(n, 1 - confidence);
        if (k < 1) {
            return null;
        }
        SortedMatrix walsh = SortedMatrix.walshAverages(d); // selected from, never stored
        long size = walsh.size(); // the interval's ends and the median in one selection, as in HodgesLehmann
        double[] at = walsh.select(k, size + 1 - k, (size + 1) / 2, size / 2 + 1);
        double low = at[0];
        double high = at[1];
        double est = size % 2 == 1 ? at[2] : (at[2] + at[3]) / 2;
        double p = Arrays.stream(d).allMatch(x -> x == 0)
                ? 1
                : WilcoxonSignedRankTest.withDefaults().test(d).getPValue();
        double z = NormalDistribution.of(0, 1).inverseSurvivalProbability((1 - confidence) / 2);
        double se = (high - low) / (2 * z); // an equivalent standard error, as in HodgesLehmann
        return new Shift(
                est,
                low,
                high,
                p,
                se,
                Double.POSITIVE_INFINITY,
                Method.SIGNED_RANK_HODGES_LEHMANN,
                "signed-rank hodges-lehmann");
    }

    /** The largest k with P(W⁺ ≤ k − 1) ≤ α/2; 0 when none. */
    static long criticalCount(int n, double alpha) {
        if (n <= EXACT_MAX_N) {
            double[] cdf = CDF_MEMO.computeIfAbsent(n, SignedRank::exactCdf);
            int k = 0;
            while (k < cdf.length && cdf[k] <= alpha / 2 + 1e-12) {
                k++;
            }
            return k;
        }
        double z = NormalDistribution.of(0, 1).inverseSurvivalProbability(alpha / 2);
        double mean = (double) n * (n + 1) / 4.0;
        return (long) Math.floor(mean - z * Math.sqrt((double) n * (n + 1) * (2.0 * n + 1) / 24));
    }

    /** cdf[w] = P(W⁺ ≤ w) for n differences under no shift: each rank enters with probability ½. */
    static double[] exactCdf(int n) {
        int max = n * (n + 1) / 2;
        double[] pmf = new double[max + 1];
        pmf[0] = 1;
        for (int r = 1; r <= n; r++) {
            for (int s = r * (r + 1) / 2; s >= r; s--) {
                pmf[s] = (pmf[s] + pmf[s - r]) / 2;
            }
            for (int s = Math.min(r - 1, r * (r + 1) / 2); s >= 0; s--) {
                pmf[s] = pmf[s] / 2;
            }
        }
        double[] cdf = new double[max + 1];
        double s = 0;
        for (int w = 0; w <= max; w++) {
            s += pmf[w];
            cdf[w] = s;
        }
        return cdf;
    }
}
