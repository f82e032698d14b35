package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Fieller's interval for a ratio of means, pinned to scipy 1.17.1 by inverting its own tests
 * numerically (scipy has no Fieller function; brentq finds where the test's p-value is 0.05):
 * <pre>
 * import numpy as np; from scipy import stats, optimize
 * b = np.array([2,3,2,2,4,2,3,2,2,3.]); c = np.array([3,3,2,4,4,3,3,2,4,3.])
 * p = lambda r: stats.ttest_ind(c, r*b, equal_var=False).pvalue - 0.05
 * print(c.mean()/b.mean(), optimize.brentq(p, 0.5, c.mean()/b.mean(), xtol=1e-14),
 *       optimize.brentq(p, c.mean()/b.mean(), 3, xtol=1e-14))
 * q = lambda r: stats.ttest_1samp(c - r*b, 0).pvalue - 0.05
 * print(optimize.brentq(q, 0.5, c.mean()/b.mean(), xtol=1e-14), optimize.brentq(q, c.mean()/b.mean(), 3, xtol=1e-14))
 * </pre>
 */
class MeanRatioTest {
    static final double[] B = {2, 3, 2, 2, 4, 2, 3, 2, 2, 3};
    static final double[] C = {3, 3, 2, 4, 4, 3, 3, 2, 4, 3};

    @Test
    void unpairedMatchesScipysWelchTestInverted() {
        MeanRatio.Interval r = MeanRatio.unpaired(B, C, 0.95);
        assertThat(r.ratio()).isCloseTo(31.0 / 25.0, within(1e-15));
        assertThat(r.low()).isCloseTo(UNPAIRED_LOW, within(1e-9));
        assertThat(r.high()).isCloseTo(UNPAIRED_HIGH, within(1e-9));
    }

    @Test
    void pairedMatchesScipysOneSampleTestInverted() {
        MeanRatio.Interval r = MeanRatio.paired(B, C, 0.95);
        assertThat(r.low()).isCloseTo(PAIRED_LOW, within(1e-9));
        assertThat(r.high()).isCloseTo(PAIRED_HIGH, within(1e-9));
    }

    @Test
    void aBaselineMeanNotDistinctFromZeroGivesAnUnboundedInterval() {
        MeanRatio.Interval r = MeanRatio.unpaired(new double[] {0, 0, 0, 1}, new double[] {2, 3, 2, 3}, 0.95);
        assertThat(r.high()).isInfinite();
        assertThat(r.low()).isPositive();
    }

    // scipy output: 1.24 0.971935823779556 1.6038324407493316 / 0.9988349347913821 1.558569684160828
    static final double UNPAIRED_LOW = 0.971935823779556;
    static final double UNPAIRED_HIGH = 1.6038324407493316;
    static final double PAIRED_LOW = 0.9988349347913821;
    static final double PAIRED_HIGH = 1.558569684160828;
}
