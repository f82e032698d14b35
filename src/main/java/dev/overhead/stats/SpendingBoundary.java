package dev.overhead.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * An error-spending boundary (Lan, K. K. G. and DeMets, D. L. (1983), "Discrete sequential
 * boundaries for clinical trials", Biometrika 70): the look at information fraction t may spend
 * α(t) − α(t_prev) of the two-sided error, so the looks need not be known in advance and a look
 * that was not planned (a study that ended on its time budget between two looks) still gets a
 * boundary. The spending function is the O'Brien–Fleming-like one, spent symmetrically, half on
 * each side as R's rpact ({@code typeOfDesign = "asOF"}) and gsDesign ({@code sfLDOF}) do:
 * α(t) = 4·(1 − Φ(z₁₋α/₄ / √t)). It spends almost nothing early (a look at a tenth of the runs is
 * judged at |Z| ≥ 6.99) and keeps the last look near the fixed-n level (|Z| ≥ 2.03 at 5, 10, 20,
 * 40, 50 runs), so the interval a study ends with is barely wider than a fixed-n one. Measured
 * against Pocock's constant in docs/statistics.md §4b, where it is not chosen: it holds verdicts
 * back for many more runs; it stays for {@code bench/stats-sim}'s comparison.
 *
 * <p>The crossing probabilities are computed by the recursive numerical integration of Armitage,
 * McPherson and Rowe (1969) that {@link PocockBoundary} uses, with one change: the probability of
 * crossing at look k for a trial boundary b is Σ wᵢ·fᵢ·P(|xᵢ + N(0, Δt)| ≥ b·√tₖ) over the grid of the
 * previous look (normal tails, no second grid), so each look's boundary is found by bisection at
 * the cost of one sum per step. Jennison and Turnbull (2000), Group Sequential Methods with
 * Applications to Clinical Trials, ch. 7 (error spending) and ch. 19 (the computation).
 */
final class SpendingBoundary {
    private static final int GRID = 161; // odd, for Simpson's rule
    private static final double NEVER = 40; // a boundary no standardized statistic crosses
    private static final NormalDistribution Z = NormalDistribution.of(0, 1);
    private static final Map<List<Object>, double[]> MEMO = new ConcurrentHashMap<>();

    private SpendingBoundary() {}

    /** The two-sided error an O'Brien–Fleming-like spending function has spent by fraction t. */
    static double spent(double t, double alpha) {
        if (t <= 0) {
            return 0;
        }
        if (t >= 1) {
            return alpha;
        }
        double z = Z.inverseSurvivalProbability(alpha / 4);
        return 4 * Z.survivalProbability(z / Math.sqrt(t));
    }

    /**
     * The boundary |Z_k| ≥ b_k of each look, for looks at these information times (increasing,
     * in runs per variant) of a study whose information ends at {@code maxTime}.
     */
    static double[] boundaries(double[] times, double maxTime, double alpha) {
        return MEMO.computeIfAbsent(
                        List.of(Arrays.toString(times), maxTime, alpha), key -> compute(times, maxTime, alpha))
                .clone();
    }

    private static double[] compute(double[] times, double maxTime, double alpha) {
        double[] b = new double[times.length];
        double before = 0;
        double[] x = null; // grid of S at the previous look's continuation region
        double[] f = null; // sub-density of S there (paths that have not crossed)
        for (int k = 0; k < times.length; k++) {
            double now = spent(Math.min(times[k] / maxTime, 1), alpha);
            double target = now - before;
            before = now;
            if (k == 0) {
                b[0] = target > 0 ? Math.min(Z.inverseSurvivalProbability(target / 2), NEVER) : NEVER;
                double sd = Math.sqrt(times[0]);
                x = grid(b[0] * sd);
                f = new double[GRID];
                for (int i = 0; i < GRID; i++) {
                    f[i] = phi(x[i] / sd) / sd;
                }
                continue;
            }
            double[] w = weights(x, f);
            double sd = Math.sqrt(times[k] - times[k - 1]);
            double root = Math.sqrt(times[k]);
            double lo = 0;
            double hi = NEVER;
            if (!(target > 0) || crossing(w, x, sd, hi * root) >= target) {
                lo = hi;
            }
            for (int it = 0; it < 100 && hi - lo > 1e-9; it++) {
                double mid = (lo + hi) / 2;
                if (crossing(w, x, sd, mid * root) > target) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            b[k] = (lo + hi) / 2;
            double[] y = grid(b[k] * root);
            double[] g = new double[GRID];
            for (int j = 0; j < GRID; j++) {
                double s = 0;
                for (int i = 0; i < GRID; i++) {
                    s += w[i] * phi((y[j] - x[i]) / sd);
                }
                g[j] = s / sd;
            }
            x = y;
            f = g;
        }
        return b;
    }

    /** P(not crossed before, and |S_k| ≥ bound): the paths at each grid point, by normal tails. */
    private static double crossing(double[] w, double[] x, double sd, double bound) {
        double p = 0;
        for (int i = 0; i < GRID; i++) {
            p += w[i] * (Z.survivalProbability((bound - x[i]) / sd) + Z.cumulativeProbability((-bound - x[i]) / sd));
        }
        return p;
    }

    /** Simpson's weights times the density: the probability mass each grid point carries. */
    private static double[] weights(double[] x, double[] f) {
        double h = x[1] - x[0];
        double[] w = new double[GRID];
        for (int i = 0; i < GRID; i++) {
            w[i] = f[i] * h / 3 * (i == 0 || i == GRID - 1 ? 1 : i % 2 == 1 ? 4 : 2);
        }
        return w;
    }

    private static double[] grid(double halfWidth) {
        double[] x = new double[GRID];
        for (int i = 0; i < GRID; i++) {
            x[i] = -halfWidth + 2 * halfWidth * i / (GRID - 1);
        }
        return x;
    }

    private static double phi(double z) {
        return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
    }
}
