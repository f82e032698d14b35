package dev.overhead.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How many runs per variant would likely settle an inconclusive comparison, taking the change and
 * the noise seen as true: the smallest n at which the interval, centred on the estimate, would
 * clear zero (worse/better) or fit inside the margin (equivalent) with 80% probability. The
 * standard error shrinks as 1/√n from the one observed; the usual sample-size rule of a two-sample
 * test (e.g. Chow, Shao and Wang (2008), Sample Size Calculations in Clinical Research, §3.2).
 * Equivalence must also leave room for a mode the runs could not have seen ({@link UnseenModes}):
 * its share p_n shrinks as n grows, its distance M is taken as seen.
 */
final class RunsNeeded {
    static final int CAP = 10_000;
    private static final double POWER_Z = NormalDistribution.of(0, 1).inverseCumulativeProbability(0.8);

    private RunsNeeded() {}

    /** Without the unseen-mode guard (M = 0). */
    static Integer estimate(Shift s, Scale scale, int nb, int nc, double confidence, double thresholdPct) {
        return estimate(s, scale, nb, nc, confidence, thresholdPct, 0);
    }

    /**
     * @param modeSize M of {@link UnseenModes.Guard#size()} on the scale; 0 for no guard
     */
    static Integer estimate(
            Shift s, Scale scale, int nb, int nc, double confidence, double thresholdPct, double modeSize) {
        double d = s.estimate();
        if (!Double.isFinite(d) || !(s.se() >= 0)) {
            return null;
        }
        double upper = scale.fromPct(thresholdPct);
        double lower = scale.fromPct(-Math.min(thresholdPct, 99.9999));
        double margin = Math.min(upper - d, d - lower);
        double nNow = 2.0 / (1.0 / nb + 1.0 / nc);
        int lo = Math.max(nb, nc) + 1;
        if (s.se() == 0) {
            // constant samples: only the unseen mode's share is left to shrink
            if (!(modeSize > 0) || !(margin > 0) || lo > CAP) {
                return null;
            }
            return smallest(lo, n -> UnseenModes.share(n, confidence) * modeSize < margin);
        }
        if (!(Math.max(margin, Math.abs(d)) > 0)) {
            return null;
        }
        // (q(n) + z)·se(n) falls as n grows (q with its degrees of freedom, se as 1/√n), and so does the
        // unseen mode's share: each condition holds from some n on, so the smallest n is found by bisection.
        java.util.function.IntPredicate settles = n -> {
            double width = width(s, nNow, n, confidence);
            return width <= Math.abs(d) || width + UnseenModes.share(n, confidence) * modeSize <= margin;
        };
        if (lo > CAP) {
            return null;
        }
        return smallest(lo, settles);
    }

    private static Integer smallest(int lo, java.util.function.IntPredicate settles) {
        if (!settles.test(CAP)) {
            return null;
        }
        int hi = CAP;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (settles.test(mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** (q(n) + z₀.₈)·se(n): how far the interval must reach to settle with 80% probability. */
    private static double width(Shift s, double nNow, int n, double confidence) {
        double se = s.se() * Math.sqrt(nNow / n);
        double df = Double.isInfinite(s.df()) ? Double.POSITIVE_INFINITY : s.df() * n / nNow;
        double q = Double.isInfinite(df)
                ? NormalDistribution.of(0, 1).inverseSurvivalProbability((1 - confidence) / 2)
                : TDistribution.of(df).inverseSurvivalProbability((1 - confidence) / 2);
        return (q + POWER_Z) * se;
    }
}
