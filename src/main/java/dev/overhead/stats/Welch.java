package dev.overhead.stats;

import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Welch's unequal-variance t interval for a difference of means, and the paired t interval.
 * Applied to log values it gives the ratio of geometric means: Kalibera and Jones (2013),
 * "Rigorous Benchmarking in Reasonable Time", ISMM, recommend intervals for ratios this way, and a
 * t interval on logs keeps its coverage on the 2–5 runs people take (a bootstrap does not). On
 * spiky log values it was kept against Hall's skewness correction, the bootstrap-t, the pooled t
 * and conservative widenings measured on the same studies (docs/statistics.md §2b, "Intervals for
 * the ratio of geometric means at few runs"): each covered less, broke the A/A promise on spiky
 * noise, or lost power.
 * Welch, B. L. (1947), "The generalization of Student's problem when several different population
 * variances are involved", Biometrika 34.
 */
final class Welch {
    private Welch() {}

    static Shift unpaired(double[] b, double[] c, double confidence) {
        double vb = Robust.variance(b) / b.length;
        double vc = Robust.variance(c) / c.length;
        double diff = Robust.mean(c) - Robust.mean(b);
        double se = Math.sqrt(vb + vc);
        if (se == 0) {
            return degenerate(diff, b.length + c.length - 2, Method.WELCH_T);
        }
        var r = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC).test(c, b);
        if (!(r.getDegreesOfFreedom() > 0)) { // a spread too small for the t test's own arithmetic
            return degenerate(diff, b.length + c.length - 2, Method.WELCH_T);
        }
        double q = quantile(r.getDegreesOfFreedom(), confidence);
        return new Shift(
                diff,
                diff - q * se,
                diff + q * se,
                r.getPValue(),
                se,
                r.getDegreesOfFreedom(),
                Method.WELCH_T,
                "welch-t");
    }

    /** One-sample t on the per-round differences candidate − baseline. */
    static Shift paired(double[] differences, double confidence) {
        int n = differences.length;
        double mean = Robust.mean(differences);
        double se = Math.sqrt(Robust.variance(differences) / n);
        if (se == 0) {
            return degenerate(mean, n - 1, Method.PAIRED_T);
        }
        var r = TTest.withDefaults().test(differences);
        double q = quantile(n - 1, confidence);
        return new Shift(mean, mean - q * se, mean + q * se, r.getPValue(), se, n - 1, Method.PAIRED_T, "paired-t");
    }

    static double quantile(double df, double confidence) {
        return TDistribution.of(df).inverseSurvivalProbability((1 - confidence) / 2);
    }

    /** No spread at all: the difference is what it is (deterministic counts, identical values). */
    private static Shift degenerate(double diff, double df, Method method) {
        String name = method == Method.PAIRED_T ? "paired-t" : "welch-t";
        return new Shift(diff, diff, diff, diff == 0 ? 1 : 0, 0, Math.max(df, 1), method, name);
    }
}
