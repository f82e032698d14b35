package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * runs_needed, the geometric mean over workloads and the Hodges-Lehmann interval with ties, pinned to
 * R 4.2.2 (docs/architecture.md). The R script is src/test/resources/stats-oracles.R:
 * {@code Rscript src/test/resources/stats-oracles.R}.
 */
class OraclesTest {
    @Test
    void runsNeededMatchesTheSampleSizeRuleInR() {
        // R: est 0.013760497191135358 se 0.014620358897604489 df 7.681091597099470647 target = est; runs 46
        double[] b = {1.00, 1.03, 0.98, 1.02, 0.99};
        double[] c = {1.01, 1.05, 0.99, 1.04, 1.00};
        Comparison r = Comparisons.compare(b, c, Direction.LOWER, CompareOptions.DEFAULT);
        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.runsNeeded()).isEqualTo(46);
        assertThat(Math.log1p(r.changePct() / 100)).isCloseTo(0.013760497191135358, within(1e-14));
    }

    @Test
    void geometricMeanOverWorkloadsMatchesR() {
        // R: change 1.362556959564405146 low -0.302178224446710331 high 3.055089573685112914 p 0.094824639695325147
        double[] b1 = {509.00912308693, 501.88456201553, 501.46281981468};
        double[] c1 = {506.84527802467, 504.29637002945, 503.30119299889};
        double[] b2 = {2.633, 2.70, 2.61, 2.68};
        double[] c2 = {2.70, 2.79, 2.66, 2.75};
        Comparison g = GeoMean.compare(List.of(b1, b2), List.of(c1, c2), Direction.LOWER, CompareOptions.DEFAULT);
        assertThat(g.changePct()).isCloseTo(1.362556959564405146, within(1e-10));
        assertThat(g.ciLowPct()).isCloseTo(-0.302178224446710331, within(1e-8));
        assertThat(g.ciHighPct()).isCloseTo(3.055089573685112914, within(1e-8));
        assertThat(g.pValue()).isCloseTo(0.094824639695325147, within(1e-9));
    }

    @Test
    void hodgesLehmannWithTiesMatchesTheOrderStatisticsInR() {
        // R: d <- sort(outer(y, x, "-")); qu <- qwilcox(0.025, 10, 10) (= 24); median(d), d[qu], d[100 - qu + 1]
        //   -> 0.087011376989629657 0 0.167054084663166125 (the exact branch of wilcox.test's interval)
        double[] x = Arrays.stream(new double[] {1.0, 1.1, 1.1, 1.2, 1.0, 1.1, 1.3, 1.1, 1.0, 1.2})
                .map(Math::log)
                .toArray();
        double[] y = Arrays.stream(new double[] {1.1, 1.2, 1.1, 1.3, 1.2, 1.1, 1.2, 1.4, 1.2, 1.1})
                .map(Math::log)
                .toArray();
        Shift s = HodgesLehmann.shift(x, y, 0.95);
        assertThat(s.estimate()).isCloseTo(0.087011376989629657, within(1e-15));
        assertThat(s.low()).isCloseTo(0, within(1e-15));
        assertThat(s.high()).isCloseTo(0.167054084663166125, within(1e-15));
    }
}
