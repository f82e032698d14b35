package dev.overhead.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Pocock's repeated-significance boundary: the constant c such that a standardized statistic that
 * is looked at after every planned round crosses ±c at any look with probability α under no change.
 *
 * <p>Pocock, S. J. (1977), "Group sequential methods in the design and analysis of clinical
 * trials", Biometrika 64 (his Table 1 gives c = 2.178, 2.289, 2.361, 2.413, 2.555 for 2, 3, 4, 5,
 * 10 equally spaced looks at α = 0.05). The crossing probability is computed by the recursive
 * numerical integration of Armitage, McPherson and Rowe (1969), "Repeated significance tests on
 * accumulating data", JRSS A 132: the statistic's sum S_k is a Gaussian random walk in the
 * information (here: runs per variant), and the density of S_k on the continuation region
 * |S_k| &lt; c·√t_k is carried from look to look by convolution with the increment's density.
 * Jennison and Turnbull (2000), Group Sequential Methods with Applications to Clinical Trials,
 * ch. 2 and 19 describe both, and the "significance level" approach used for unknown variance:
 * each look's t interval is taken at the boundary's nominal level 2Φ(c) − 1.
 */
final class PocockBoundary {
    private static final int GRID = 161; // odd, for Simpson's rule
    private static final NormalDistribution Z = NormalDistribution.of(0, 1);

    private PocockBoundary() {}

    /** The constant c for looks at these information times (increasing) and two-sided α. */
    static double constant(double[] times, double alpha) {
        double lo = Z.inverseSurvivalProbability(alpha / 2); // one look
        double hi = Z.inverseSurvivalProbability(alpha / 2 / times.length); // Bonferroni
        for (int it = 0; it < 50 && hi - lo > 1e-6; it++) {
            double mid = (lo + hi) / 2;
            if (crossingProbability(times, mid) > alpha) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** P(|S_k| ≥ c·√t_k for some k) for a standard Brownian motion S looked at at the times. */
    static double crossingProbability(double[] times, double c) {
        double[] x = grid(c * Math.sqrt(times[0]));
        double[] f = new double[GRID];
        double sd0 = Math.sqrt(times[0]);
        for (int i = 0; i < GRID; i++) {
            f[i] = phi(x[i] / sd0) / sd0;
        }
        for (int k = 1; k < times.length; k++) {
            double[] w = simpsonWeights(x);
            double[] y = grid(c * Math.sqrt(times[k]));
            double sd = Math.sqrt(times[k] - times[k - 1]);
            double[] g = new double[GRID];
            for (int j = 0; j < GRID; j++) {
                double s = 0;
                for (int i = 0; i < GRID; i++) {
                    s += w[i] * f[i] * phi((y[j] - x[i]) / sd);
                }
                g[j] = s / sd;
            }
            x = y;
            f = g;
        }
        double[] w = simpsonWeights(x);
        double stay = 0;
        for (int i = 0; i < GRID; i++) {
            stay += w[i] * f[i];
        }
        return 1 - stay;
    }

    private static double[] grid(double halfWidth) {
        double[] x = new double[GRID];
        for (int i = 0; i < GRID; i++) {
            x[i] = -halfWidth + 2 * halfWidth * i / (GRID - 1);
        }
        return x;
    }

    private static double[] simpsonWeights(double[] x) {
        double h = x[1] - x[0];
        double[] w = new double[GRID];
        for (int i = 0; i < GRID; i++) {
            w[i] = h / 3 * (i == 0 || i == GRID - 1 ? 1 : i % 2 == 1 ? 4 : 2);
        }
        return w;
    }

    private static double phi(double z) {
        return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
    }
}
