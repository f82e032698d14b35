package dev.overhead.stats.sim;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The candidate intervals for mean(log c) − mean(log b) that {@link IntervalSim} compares (issue 13.3,
 * docs/statistics.md §2b), each from its formula and pinned to scipy in {@code IntervalSimTest}: Welch's t
 * (the engine's), Hall's skewness correction, the bootstrap-t, the pooled t, Welch's standard error with
 * df = n − 1, Welch ∪ Hall, and both variants given the larger variance. None replaced the engine's.
 */
final class CandidateIntervals {
    private CandidateIntervals() {}

    /** An interval for mean(lc) − mean(lb) at a confidence; {low, high}. */
    interface Method {
        String name();

        double[] interval(double[] lb, double[] lc, double confidence, UniformRandomProvider boot);
    }

    record Named(String name, Interval f) implements Method {
        public double[] interval(double[] lb, double[] lc, double confidence, UniformRandomProvider boot) {
            return f.of(lb, lc, confidence, boot);
        }
    }

    interface Interval {
        double[] of(double[] lb, double[] lc, double confidence, UniformRandomProvider boot);
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    static double var(double[] v) {
        double m = mean(v), s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }

    /** The unbiased third cumulant k3 = n·Σ(x − x̄)³ / ((n − 1)(n − 2)). */
    static double k3(double[] v) {
        int n = v.length;
        if (n < 3) {
            return 0;
        }
        double m = mean(v), s = 0;
        for (double x : v) {
            s += (x - m) * (x - m) * (x - m);
        }
        return n * s / ((n - 1.0) * (n - 2.0));
    }

    /** The plug-in third central moment m3 = Σ(x − x̄)³ / n. */
    static double m3(double[] v) {
        double m = mean(v), s = 0;
        for (double x : v) {
            s += (x - m) * (x - m) * (x - m);
        }
        return s / v.length;
    }

    static double tq(double df, double confidence) {
        return TDistribution.of(df).inverseSurvivalProbability((1 - confidence) / 2);
    }

    static double welchDf(double vb, double vc, int nb, int nc) {
        return (vb + vc) * (vb + vc) / (vb * vb / (nb - 1) + vc * vc / (nc - 1));
    }

    static double[] welch(double[] lb, double[] lc, double confidence, UniformRandomProvider boot) {
        double vb = var(lb) / lb.length, vc = var(lc) / lc.length;
        double d = mean(lc) - mean(lb), se = Math.sqrt(vb + vc);
        if (se == 0) {
            return new double[] {d, d};
        }
        double q = tq(welchDf(vb, vc, lb.length, lc.length), confidence);
        return new double[] {d - q * se, d + q * se};
    }

    static double[] hsu(double[] lb, double[] lc, double confidence, UniformRandomProvider boot) {
        double vb = var(lb) / lb.length, vc = var(lc) / lc.length;
        double d = mean(lc) - mean(lb), se = Math.sqrt(vb + vc);
        double q = tq(Math.min(lb.length, lc.length) - 1, confidence);
        return new double[] {d - q * se, d + q * se};
    }

    static double[] pooled(double[] lb, double[] lc, double confidence, UniformRandomProvider boot) {
        int nb = lb.length, nc = lc.length;
        double sp2 = ((nb - 1) * var(lb) + (nc - 1) * var(lc)) / (nb + nc - 2);
        double d = mean(lc) - mean(lb), se = Math.sqrt(sp2 * (1.0 / nb + 1.0 / nc));
        double q = tq(nb + nc - 2, confidence);
        return new double[] {d - q * se, d + q * se};
    }

    /**
     * Hall's (1992) monotone skewness correction of the studentized difference, in its two-sample
     * form: τ = κ̂₃(d̂)/se³ with κ̂₃(d̂) = k₃(c)/n_c² − k₃(b)/n_b², g(T) = T + aT² + a²T³/3 + b with
     * a = τ/3, b = τ/6, and the interval {δ: |g((d̂ − δ)/se)| ≤ q}.
     */
    static double[] hall(double[] lb, double[] lc, double confidence, boolean unbiased, boolean normal) {
        int nb = lb.length, nc = lc.length;
        double vb = var(lb) / nb, vc = var(lc) / nc;
        double d = mean(lc) - mean(lb), se = Math.sqrt(vb + vc);
        if (se == 0) {
            return new double[] {d, d};
        }
        double kb = unbiased ? k3(lb) : m3(lb), kc = unbiased ? k3(lc) : m3(lc);
        double tau = (kc / ((double) nc * nc) - kb / ((double) nb * nb)) / (se * se * se);
        double q = normal ? 1.959963984540054 : tq(welchDf(vb, vc, nb, nc), confidence);
        if (normal && confidence != 0.95) {
            q = tq(1e9, confidence);
        }
        return new double[] {d - se * ginv(q, tau), d - se * ginv(-q, tau)};
    }

    /** The inverse of Hall's g: T = ((1 + 3a(y − b))^{1/3} − 1)/a, with a = τ/3, b = τ/6. */
    static double ginv(double y, double tau) {
        double a = tau / 3, b = tau / 6;
        if (Math.abs(a) < 1e-12) {
            return y - b;
        }
        return (Math.cbrt(1 + 3 * a * (y - b)) - 1) / a;
    }

    /** Bootstrap-t: each side resampled on its own, T* = (d̂* − d̂)/se*, B = 499. */
    static double[] bootT(double[] lb, double[] lc, double confidence, UniformRandomProvider rng) {
        int nb = lb.length, nc = lc.length, reps = 499;
        double vb = var(lb) / nb, vc = var(lc) / nc;
        double d = mean(lc) - mean(lb), se = Math.sqrt(vb + vc);
        if (se == 0) {
            return new double[] {d, d};
        }
        double[] t = new double[reps];
        double[] xb = new double[nb], xc = new double[nc];
        for (int r = 0; r < reps; r++) {
            for (int i = 0; i < nb; i++) {
                xb[i] = lb[rng.nextInt(nb)];
            }
            for (int i = 0; i < nc; i++) {
                xc[i] = lc[rng.nextInt(nc)];
            }
            double s = Math.sqrt(var(xb) / nb + var(xc) / nc);
            double dd = mean(xc) - mean(xb) - d;
            t[r] = s == 0 ? (dd == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, dd)) : dd / s;
        }
        java.util.Arrays.sort(t);
        double alpha = 1 - confidence;
        int lo = (int) Math.floor((reps + 1) * alpha / 2) - 1;
        int hi = (int) Math.ceil((reps + 1) * (1 - alpha / 2)) - 1;
        lo = Math.max(lo, 0);
        hi = Math.min(hi, reps - 1);
        return new double[] {d - t[hi] * se, d - t[lo] * se};
    }

    static final List<Method> METHODS = List.of(
            new Named("welch-t", CandidateIntervals::welch),
            new Named("hall k3", (b, c, cf, r) -> hall(b, c, cf, true, false)),
            new Named("hall m3", (b, c, cf, r) -> hall(b, c, cf, false, false)),
            new Named("bootstrap-t", CandidateIntervals::bootT),
            new Named("pooled-t", CandidateIntervals::pooled),
            new Named("hsu df=n-1", CandidateIntervals::hsu),
            new Named("welch ∪ hall", CandidateIntervals::union),
            new Named("max-variance t", CandidateIntervals::maxVariance));

    /** Welch's interval widened to Hall's where Hall's reaches further: never narrower than Welch's. */
    static double[] union(double[] lb, double[] lc, double confidence, UniformRandomProvider boot) {
        double[] w = welch(lb, lc, confidence, boot);
        double[] h = hall(lb, lc, confidence, true, false);
        return new double[] {Math.min(w[0], h[0]), Math.max(w[1], h[1])};
    }

    /** Both variants taken to have the larger of the two spreads (Welch's df). */
    static double[] maxVariance(double[] lb, double[] lc, double confidence, UniformRandomProvider boot) {
        int nb = lb.length, nc = lc.length;
        double v = Math.max(var(lb), var(lc));
        double d = mean(lc) - mean(lb), se = Math.sqrt(v * (1.0 / nb + 1.0 / nc));
        if (se == 0) {
            return new double[] {d, d};
        }
        double q = tq(welchDf(var(lb) / nb, var(lc) / nc, nb, nc), confidence);
        return new double[] {d - q * se, d + q * se};
    }
}
