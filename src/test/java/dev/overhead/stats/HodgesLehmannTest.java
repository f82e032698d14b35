package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Hodges-Lehmann shift, its Mann-Whitney interval and p-values, pinned to R 4.2.2 and scipy 1.10.1. */
class HodgesLehmannTest {
    static final double[] B = {1.02, 0.99, 1.01, 1.00, 1.032, 0.98, 1.002, 1.25, 0.995, 1.015};
    static final double[] C = {1.04, 1.05, 1.021, 1.06, 1.03, 1.052, 1.07, 1.043, 1.45, 1.035, 1.055};

    @Test
    void estimateIntervalAndExactPMatchR() {
        Shift s = HodgesLehmann.shift(Robust.logs(B), Robust.logs(C), 0.95);
        // R: hb <- c(1.02, 0.99, 1.01, 1.00, 1.032, 0.98, 1.002, 1.25, 0.995, 1.015)
        //    hc <- c(1.04, 1.05, 1.021, 1.06, 1.03, 1.052, 1.07, 1.043, 1.45, 1.035, 1.055)
        //    w <- wilcox.test(log(hc), log(hb), conf.int=TRUE, exact=TRUE)
        // w$estimate -> 0.0395115533179612
        assertThat(s.estimate()).isCloseTo(0.0395115533179612, within(1e-13));
        // w$conf.int -> 0.0196084713883763 0.0585533087515740
        assertThat(s.low()).isCloseTo(0.0196084713883763, within(1e-13));
        assertThat(s.high()).isCloseTo(0.0585533087515740, within(1e-13));
        // w$p.value -> 0.0015196361945588 (exact, no ties)
        assertThat(s.pValue()).isCloseTo(0.0015196361945588, within(1e-12));
    }

    @Test
    void exactDistributionOfUMatchesR() {
        // R: pwilcox(0:5, 4, 5) -> 0.00793650793650794 0.01587301587301587 0.03174603174603174
        //                          0.05555555555555555 0.09523809523809523 0.14285714285714285
        double[] expected = {
            0.00793650793650794,
            0.01587301587301587,
            0.03174603174603174,
            0.05555555555555555,
            0.09523809523809523,
            0.14285714285714285
        };
        double[] cdf = HodgesLehmann.exactCdf(4, 5);
        for (int u = 0; u < expected.length; u++) {
            assertThat(cdf[u]).isCloseTo(expected[u], within(1e-15));
        }
        assertThat(cdf[20]).isCloseTo(1, within(1e-12));
    }

    @Test
    void mannWhitneyPWithTiesMatchesScipy() {
        double[] tb = {1.00, 1.02, 1.00, 1.01, 1.03, 0.99, 1.02, 1.00, 1.01, 1.05};
        double[] tc = {1.02, 1.03, 1.01, 1.02, 1.04, 1.00, 1.03, 1.02, 1.05, 1.03};
        Shift s = HodgesLehmann.shift(tb, tc, 0.95);
        // /usr/bin/python3 -c "from scipy import stats; print(stats.mannwhitneyu([1.02,1.03,1.01,1.02,1.04,1.00,
        //   1.03,1.02,1.05,1.03], [1.00,1.02,1.00,1.01,1.03,0.99,1.02,1.00,1.01,1.05], method='asymptotic',
        //   use_continuity=True))"  -> statistic=72.5, pvalue=0.09066264781362593
        // (R: wilcox.test(tc, tb, exact=FALSE, correct=TRUE)$p.value -> 0.090662647813626)
        assertThat(s.pValue()).isCloseTo(0.09066264781362593, within(1e-12));
    }

    @Test
    void tooFewRunsCannotReachTheConfidence() {
        // Three against three: the smallest two-sided exact p is 2/20 = 0.1 > 0.05.
        assertThat(HodgesLehmann.shift(new double[] {1, 2, 3}, new double[] {4, 5, 6}, 0.95))
                .isNull();
    }
}
