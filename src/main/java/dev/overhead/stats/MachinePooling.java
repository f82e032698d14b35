package dev.overhead.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * One change measured on several machines, pooled with the machine as a level (docs/statistics.md,
 * "Across machines"): each machine contributes one estimate, its log ratio; the pooled change is their
 * mean, and its interval a t interval over the machines (k - 1 degrees of freedom), so that it
 * widens with the variation between machines and not only with the runs within each. How much
 * the machines disagree is said twice: as the standard deviation of their log ratios (in percent)
 * and as I² (Higgins and Thompson 2002), the share of the spread among the machines' estimates that
 * their own intervals do not explain.
 */
public final class MachinePooling {
    private MachinePooling() {}

    /**
     * @param changePct      the pooled change (the geometric mean of the machines' ratios), in percent
     * @param betweenSdPct   the machines' log ratios' standard deviation, as a percentage
     * @param iSquared       in [0, 1]; NaN where the machines' own intervals are unknown or points
     */
    public record Pooled(
            int machines,
            double changePct,
            double ciLowPct,
            double ciHighPct,
            double betweenSdPct,
            double iSquared,
            Verdict verdict) {}

    /**
     * @param changePct    each machine's change, in percent
     * @param ciLowPct     each machine's interval, in percent, at {@code confidence}
     * @param better       which direction is better for this metric
     * @param thresholdPct the equivalence margin, as for one machine's verdict
     */
    public static Pooled pool(
            double[] changePct,
            double[] ciLowPct,
            double[] ciHighPct,
            double confidence,
            double thresholdPct,
            Direction better) {
        int k = changePct.length;
        double[] y = new double[k];
        double mean = 0;
        for (int i = 0; i < k; i++) {
            y[i] = Math.log1p(changePct[i] / 100);
            mean += y[i];
        }
        mean /= k;
        double ss = 0;
        for (double v : y) {
            ss += (v - mean) * (v - mean);
        }
        double sd = k > 1 ? Math.sqrt(ss / (k - 1)) : Double.NaN;
        double lo = Double.NaN;
        double hi = Double.NaN;
        if (k > 1) {
            double t = TDistribution.of(k - 1).inverseSurvivalProbability((1 - confidence) / 2);
            double half = t * sd / Math.sqrt(k);
            lo = Math.expm1(mean - half) * 100;
            hi = Math.expm1(mean + half) * 100;
        }
        return new Pooled(
                k,
                Math.expm1(mean) * 100,
                lo,
                hi,
                Math.expm1(sd) * 100,
                iSquared(y, ciLowPct, ciHighPct, confidence),
                verdict(lo, hi, thresholdPct, better));
    }

    /** Cochran's Q with inverse-variance weights from each machine's interval, then I² = (Q - df) / Q. */
    static double iSquared(double[] y, double[] ciLowPct, double[] ciHighPct, double confidence) {
        int k = y.length;
        if (k < 2) {
            return Double.NaN;
        }
        double z = NormalDistribution.of(0, 1).inverseSurvivalProbability((1 - confidence) / 2);
        double[] w = new double[k];
        double sw = 0;
        double swy = 0;
        for (int i = 0; i < k; i++) {
            double se = (Math.log1p(ciHighPct[i] / 100) - Math.log1p(ciLowPct[i] / 100)) / (2 * z);
            if (!(se > 0) || !Double.isFinite(se)) {
                return Double.NaN;
            }
            w[i] = 1 / (se * se);
            sw += w[i];
            swy += w[i] * y[i];
        }
        double fixed = swy / sw;
        double q = 0;
        for (int i = 0; i < k; i++) {
            q += w[i] * (y[i] - fixed) * (y[i] - fixed);
        }
        return q <= 0 ? 0 : Math.max(0, (q - (k - 1)) / q);
    }

    private static Verdict verdict(double lo, double hi, double thresholdPct, Direction better) {
        if (Double.isNaN(lo) || Double.isNaN(hi)) {
            return Verdict.INCONCLUSIVE;
        }
        if (lo >= -thresholdPct && hi <= thresholdPct) {
            return Verdict.EQUIVALENT;
        }
        boolean up = lo > 0;
        boolean down = hi < 0;
        if (!up && !down) {
            return Verdict.INCONCLUSIVE;
        }
        boolean higherIsBetter = better == Direction.HIGHER;
        return up == higherIsBetter ? Verdict.BETTER : Verdict.WORSE;
    }
}
