package dev.overhead.stats;

import java.util.function.DoubleUnaryOperator;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The ratio of two means, μ_c/μ_b, with the interval that inverts a t test of x̄_c − ρ·x̄_b = 0:
 * every ρ the test does not reject (Fieller, E. C. (1954), "Some problems in interval estimation",
 * JRSS B 16). Unlike a delta-method interval it accounts for the uncertainty of the baseline's mean
 * in the denominator, and it is unbounded when that mean cannot be told from 0. Unpaired, the test
 * at each ρ is Welch's test of the candidate against ρ times the baseline (variance
 * v_c + ρ²·v_b, Welch-Satterthwaite degrees of freedom at that ρ), i.e. the set of ρ where
 * {@code scipy.stats.ttest_ind(c, rho*b, equal_var=False)} does not reject; paired by round, the
 * one-sample t test of the per-round c_r − ρ·b_r ({@code scipy.stats.ttest_1samp}), which is the
 * exact Fieller interval for paired data. Counts cannot have a negative mean, so the interval is cut
 * at 0. No library offers this inversion; the end points are found by bisection to 1e-11 relative.
 */
final class MeanRatio {
    private MeanRatio() {}

    record Interval(double ratio, double low, double high) {}

    static Interval unpaired(double[] b, double[] c, double confidence) {
        double mb = Robust.mean(b);
        double mc = Robust.mean(c);
        double vb = Robust.variance(b) / b.length;
        double vc = Robust.variance(c) / c.length;
        double alpha = 1 - confidence;
        if (vb == 0 && vc == 0) { // deterministic figures: the ratio is what it is
            return new Interval(mc / mb, mc / mb, mc / mb);
        }
        return invert(mc / mb, rho -> {
            double num = mc - rho * mb;
            double v = vc + rho * rho * vb;
            if (v == 0) {
                return num == 0 ? -1 : 1;
            }
            double df = v * v / (vc * vc / (c.length - 1) + Math.pow(rho * rho * vb, 2) / (b.length - 1));
            return Math.abs(num) / Math.sqrt(v) - Welch.quantile(df, 1 - alpha);
        });
    }

    /** b[i] and c[i] ran in the same round. */
    static Interval paired(double[] b, double[] c, double confidence) {
        int n = b.length;
        double mb = Robust.mean(b);
        double mc = Robust.mean(c);
        double sbb = 0;
        double scc = 0;
        double sbc = 0;
        for (int i = 0; i < n; i++) {
            sbb += (b[i] - mb) * (b[i] - mb);
            scc += (c[i] - mc) * (c[i] - mc);
            sbc += (b[i] - mb) * (c[i] - mc);
        }
        double q = TDistribution.of(n - 1).inverseSurvivalProbability((1 - confidence) / 2);
        if (sbb == 0 && scc == 0) {
            return new Interval(mc / mb, mc / mb, mc / mb);
        }
        double fbb = sbb;
        double fcc = scc;
        double fbc = sbc;
        return invert(mc / mb, rho -> {
            double num = mc - rho * mb;
            double v = Math.max(0, (fcc - 2 * rho * fbc + rho * rho * fbb) / (n - 1)) / n;
            if (v == 0) {
                return num == 0 ? -1 : 1;
            }
            return Math.abs(num) / Math.sqrt(v) - q;
        });
    }

    /**
     * The ρ with {@code margin(ρ) < 0} (not rejected) around the estimate: margin is |t| minus the
     * critical value, negative at the estimate and growing away from it.
     */
    private static Interval invert(double ratio, DoubleUnaryOperator margin) {
        double low = margin.applyAsDouble(0) < 0 ? 0 : bisect(margin, 0, ratio);
        double step = Math.max(ratio, 1e-9);
        double inside = ratio;
        double high = Double.POSITIVE_INFINITY;
        while (step < 1e12 * Math.max(ratio, 1)) {
            double rho = ratio + step;
            if (margin.applyAsDouble(rho) >= 0) {
                high = bisect(margin, rho, inside);
                break;
            }
            inside = rho;
            step *= 2;
        }
        return new Interval(ratio, low, high);
    }

    /** The boundary between {@code out} (rejected) and {@code in} (not rejected). */
    private static double bisect(DoubleUnaryOperator margin, double out, double in) {
        for (int i = 0; i < 100 && Math.abs(out - in) > 1e-11 * Math.max(Math.abs(in), 1e-300); i++) {
            double mid = (out + in) / 2;
            if (margin.applyAsDouble(mid) >= 0) {
                out = mid;
            } else {
                in = mid;
            }
        }
        return (out + in) / 2;
    }
}
