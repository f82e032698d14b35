package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The edges of docs/statistics.md, the edges on fixed samples: two runs, degenerate intervals, an all-zero baseline, ties. */
class EdgesTest {
    static final CompareOptions OPTS = CompareOptions.DEFAULT;
    static final Quantity TIME = Quantity.measurement(Direction.LOWER);
    static final Quantity FAULTS = Quantity.count(Direction.LOWER);

    static Comparison compare(double[] b, double[] c, Quantity q) {
        return Comparisons.compare(Sample.of(b), Sample.of(c), q, OPTS, Looks.FIXED);
    }

    @Test
    void twoRunsShowAnIntervalButDecideNothing() {
        // far apart and tight: the interval excludes 0, yet two runs of a two-state machine can do that by chance
        Comparison c = compare(new double[] {1.00, 1.001}, new double[] {1.20, 1.201}, TIME);
        assertThat(c.ciLowPct()).isGreaterThan(10);
        assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.runsNeeded()).isEqualTo(3);
        assertThat(c.warnings()).anyMatch(w -> w.contains("fewer than 3 runs on a side: no verdict from 2"));
    }

    @Test
    void constantCountsDecideFromThreeRunsNotTwo() {
        Comparison two = compare(new double[] {4, 4}, new double[] {5, 5}, FAULTS);
        assertThat(two.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        Comparison three = compare(new double[] {4, 4, 4}, new double[] {5, 5, 5}, FAULTS);
        assertThat(three.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(three.changePct()).isCloseTo(25, within(1e-12));
        assertThat(three.ciLowPct()).isEqualTo(three.ciHighPct());
    }

    @Test
    void anAllZeroBaselineHasNoRelativeChangeButAnAbsoluteOne() {
        Comparison c = compare(new double[] {0, 0, 0, 0}, new double[] {1, 2, 1, 2}, FAULTS);
        assertThat(c.changePct()).isNaN();
        assertThat(c.ciLowPct()).isNaN();
        assertThat(c.runsNeeded()).isNull();
        // scipy 1.17: import numpy as np; from scipy import stats
        // r = stats.ttest_ind([1,2,1,2], [0,0,0,0], equal_var=False); r.confidence_interval(0.95)
        // -> ConfidenceInterval(low=0.5813068844814607, high=2.4186931155185394), pvalue 0.013846832988859045
        assertThat(c.difference().estimate()).isCloseTo(1.5, within(1e-12));
        assertThat(c.difference().low()).isCloseTo(0.5813068844814607, within(1e-9));
        assertThat(c.difference().high()).isCloseTo(2.4186931155185394, within(1e-9));
        assertThat(c.pValue()).isCloseTo(0.013846832988859045, within(1e-12));
        assertThat(c.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(c.warnings().getFirst())
                .startsWith("the baseline is 0 in every run: a relative change is undefined");
    }

    @Test
    void anAllZeroBaselineAgainstNoiseIsInconclusiveWithoutRunsNeeded() {
        Comparison c = compare(new double[] {0, 0, 0}, new double[] {0, 1, 0}, FAULTS);
        assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.runsNeeded()).isNull();
        assertThat(compare(new double[] {0, 0, 0}, new double[] {0, 0, 0}, FAULTS)
                        .verdict())
                .isEqualTo(Verdict.EQUIVALENT);
    }

    @Test
    void tiedCountsAreNeverAPointAndTheMeanDecides() {
        // 2 + Bernoulli(0.2) against 2 + Bernoulli(0.4) at n = 30: the rank interval of the log values
        // is [0, 0] ("no variation"), the means differ by 5%.
        double[] b = new double[30];
        double[] c = new double[30];
        for (int i = 0; i < 30; i++) {
            b[i] = i < 6 ? 3 : 2;
            c[i] = i < 12 ? 3 : 2;
        }
        Comparison asTime = Comparisons.compare(
                Sample.of(b), Sample.of(c), TIME, new CompareOptions(0.95, 1.0, Estimand.TYPICAL), Looks.FIXED);
        assertThat(asTime.ciHighPct()).isGreaterThan(asTime.ciLowPct());
        assertThat(asTime.warnings()).anyMatch(w -> w.startsWith("ties: the rank interval shrank"));
        assertThat(asTime.warnings()).noneMatch(w -> w.contains("no variation"));
        Comparison byDefault = compare(b, c, TIME); // the ratio of geometric means: a t interval, never a point
        assertThat(byDefault.ciHighPct()).isGreaterThan(byDefault.ciLowPct());
        assertThat(byDefault.warnings()).noneMatch(w -> w.startsWith("ties"));
        Comparison asCount = compare(b, c, FAULTS);
        assertThat(asCount.method()).isEqualTo("ratio of means, fieller-welch");
        assertThat(asCount.baselineValue()).isCloseTo(2.2, within(1e-12));
        assertThat(asCount.candidateValue()).isCloseTo(2.4, within(1e-12));
        assertThat(asCount.changePct()).isCloseTo(100 * (2.4 / 2.2 - 1), within(1e-9));
        assertThat(asCount.ciHighPct()).isGreaterThan(asCount.ciLowPct());
    }

    @Test
    void aZeroInOneRunDoesNotChangeTheCountMethod() {
        double[] b = {3, 2, 3, 2, 3, 2};
        double[] c = {3, 2, 0, 2, 3, 2};
        assertThat(compare(b, c, FAULTS).method())
                .isEqualTo(compare(b, b, FAULTS).method());
    }
}
