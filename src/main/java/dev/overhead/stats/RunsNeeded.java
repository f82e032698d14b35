package dev.overhead.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How many runs per variant would likely settle an inconclusive comparison, taking the change and
 * the noise seen as true: the smallest n at which the interval, centred on the estimate, would
 * clear zero (worse/better) or fit inside the margin (equivalent) with 80% probability. The
 * standard error shrinks as 1/√n from the one observed; the usual sample-size rule of a two-sample
 * test (e.g. Chow, Shao and Wang (2008), Sample Size Calculations in Clinical Research, §3.2).
 */
final class RunsNeeded {
    static final int CAP = 10_000;
    private static final double POWER_Z = NormalDistribution.of(0, 1).inverseCumulativeProbability(0.8);

    private RunsNeeded() {}

    static Integer estimate(Shift s, Scale scale, int nb, int nc, double confidence, double thresholdPct) {
        if (!(s.se() > 0) || !Double.isFinite(s.estimate())) {
            return null;
        }
        double d = s.estimate();
        double upper = scale.fromPct(thresholdPct);
        double lower = scale.fromPct(-Math.min(thresholdPct, 99.9999));
        double target = Math.max(Math.min(upper - d, d - lower), Math.abs(d));
        if (!(target > 0)) {
            return null;
        }
        double nNow = 2.0 / (1.0 / nb + 1.0 / nc);
        // (q(n) + z)·se(n) falls as n grows (q with its degrees of freedom, se as 1/√n), so the
        // smallest n that reaches the target is found by bisection, not by trying every n.
        int lo = Math.max(nb, nc) + 1;
        if (lo > CAP || !settles(s, nNow, CAP, confidence, target)) {
            return null;
        }
        int hi = CAP;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (settles(s, nNow, mid, confidence, target)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static boolean settles(Shift s, double nNow, int n, double confidence, double target) {
        double se = s.se() * Math.sqrt(nNow / n);
        double df = Double.isInfinite(s.df()) ? Double.POSITIVE_INFINITY : s.df() * n / nNow;
        double q = Double.isInfinite(df)
                ? NormalDistribution.of(0, 1).inverseSurvivalProbability((1 - confidence) / 2)
                : TDistribution.of(df).inverseSurvivalProbability((1 - confidence) / 2);
        return (q + POWER_Z) * se <= target;
    }
}
