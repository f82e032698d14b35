package dev.overhead.stats.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.Sample;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The candidate intervals that docs/statistics.md §2b compares (IntervalSim) are the formulas they
 * claim to be: pinned to scipy 1.10.1 on one fixed pair of log samples (a spike in each), and the
 * simulation's Welch interval is the engine's.
 *
 * <pre>
 * /usr/bin/python3 -c '
 * import numpy as np; from scipy import stats
 * lb = np.array([0.01, -0.02, 0.03, 0.25, 0.0]); lc = np.array([0.05, 0.40, 0.02, 0.31, -0.01, 0.12])
 * nb, nc = len(lb), len(lc); vb, vc = lb.var(ddof=1)/nb, lc.var(ddof=1)/nc
 * d = lc.mean() - lb.mean(); se = np.sqrt(vb+vc); df = (vb+vc)**2/(vb**2/(nb-1)+vc**2/(nc-1))
 * q = stats.t.ppf(0.975, df); print("welch", d-q*se, d+q*se)
 * tau = (stats.kstat(lc, 3)/nc**2 - stats.kstat(lb, 3)/nb**2)/se**3; a, b = tau/3, tau/6
 * ginv = lambda y: (np.cbrt(1+3*a*(y-b))-1)/a; print("hall", d-se*ginv(q), d-se*ginv(-q))
 * qh = stats.t.ppf(0.975, min(nb,nc)-1); print("hsu", d-qh*se, d+qh*se)
 * sem = np.sqrt(max(lb.var(ddof=1), lc.var(ddof=1))*(1/nb+1/nc)); print("maxvar", d-q*sem, d+q*sem)
 * sp = np.sqrt(((nb-1)*lb.var(ddof=1)+(nc-1)*lc.var(ddof=1))/(nb+nc-2)*(1/nb+1/nc))
 * qp = stats.t.ppf(0.975, nb+nc-2); print("pooled", d-qp*sp, d+qp*sp)'
 * </pre>
 */
class IntervalSimTest {
    static final double[] LB = {0.01, -0.02, 0.03, 0.25, 0.0};
    static final double[] LC = {0.05, 0.40, 0.02, 0.31, -0.01, 0.12};

    /** To 1e-10: Commons Statistics' t quantile and scipy's agree to about 1e-11 here. */
    static void pinned(double[] interval, double low, double high) {
        assertThat(interval[0]).isCloseTo(low, within(1e-10));
        assertThat(interval[1]).isCloseTo(high, within(1e-10));
    }

    @Test
    void candidatesMatchScipy() {
        pinned(CandidateIntervals.welch(LB, LC, 0.95, null), -0.09859484096421815, 0.2872615076308848);
        pinned(CandidateIntervals.hall(LB, LC, 0.95, true, false), -0.09998881119081492, 0.28589801466078746);
        pinned(CandidateIntervals.hsu(LB, LC, 0.95, null), -0.1409629953725225, 0.32962966203918914);
        pinned(CandidateIntervals.maxVariance(LB, LC, 0.95, null), -0.13755182318964232, 0.32621848985630897);
        pinned(CandidateIntervals.pooled(LB, LC, 0.95, null), -0.10511490901142022, 0.2937815756780869);
    }

    @Test
    void hallsTransformationIsInvertedExactly() {
        // g(T) = T + aT² + a²T³/3 + b is monotone ((1 + aT)² ≥ 0), so its inverse is one-to-one
        for (double tau : new double[] {-2, -0.3, 0, 0.3, 2}) {
            for (double y : new double[] {-3, -1, 0, 1, 3}) {
                double t = CandidateIntervals.ginv(y, tau);
                double a = tau / 3;
                assertThat(t + a * t * t + a * a * t * t * t / 3 + tau / 6).isCloseTo(y, within(1e-9));
            }
        }
    }

    @Test
    void simulationsWelchIsTheEngines() {
        Comparison c = Comparisons.compare(
                Sample.of(Arrays.stream(LB).map(Math::exp).toArray()),
                Sample.of(Arrays.stream(LC).map(Math::exp).toArray()),
                Quantity.measurement(Direction.LOWER),
                CompareOptions.DEFAULT,
                Looks.FIXED);
        double[] w = CandidateIntervals.welch(LB, LC, 0.95, null);
        assertThat(c.ciLowPct()).isCloseTo(Math.expm1(w[0]) * 100, within(1e-9));
        assertThat(c.ciHighPct()).isCloseTo(Math.expm1(w[1]) * 100, within(1e-9));
    }

    @Test
    void leastAdmittedIsTheKnapsackOfTheBinomials() {
        // /usr/bin/python3 -c '
        // from math import comb
        // P = lambda p, n, k: comb(n, k) * p**k * (1 - p)**(n - k)
        // for n in (3, 5, 10, 30):
        //     miss, adm = 1.0, 0.0
        //     for k in range(n, -1, -1):
        //         if miss <= 0.06: break
        //         p = P(0.4, n, k); r = min(1, (miss - 0.06) / p); miss -= r * p; adm += r * P(0.1, n, k)
        //     print(n, adm)'
        assertThat(IntervalSim.leastAdmitted(3, 0.94)).isCloseTo(0.7974999999999997, within(1e-12));
        assertThat(IntervalSim.leastAdmitted(5, 0.94)).isCloseTo(0.5443749999999996, within(1e-12));
        assertThat(IntervalSim.leastAdmitted(10, 0.94)).isCloseTo(0.24204826618750014, within(1e-12));
        assertThat(IntervalSim.leastAdmitted(30, 0.94)).isCloseTo(0.005902672858388399, within(1e-12));
        // and no interval needs to admit anything for a coverage of zero
        assertThat(IntervalSim.leastAdmitted(5, 0)).isZero();
    }
}
