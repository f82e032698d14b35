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
        // scipy 1.17: import numpy as np; from scipy import stats
        // r = stats.ttest_ind([1,2,1,2], [0,0,0,0], equal_var=False); r.confidence_interval(0.95)
        // -> ConfidenceInterval(low=0.5813068844814607, high=2.4186931155185394), pvalue 0.013846832988859045
        assertThat(c.difference().estimate()).isCloseTo(1.5, within(1e-12));
        assertThat(c.difference().low()).isCloseTo(0.5813068844814607, within(1e-9));
        assertThat(c.difference().high()).isCloseTo(2.4186931155185394, within(1e-9));
        // the p-value is the exact conditional test's, on the runs with events (docs/statistics.md, rare events)
        // scipy 1.10.1: stats.fisher_exact([[0,4],[4,0]]).pvalue -> 0.028571428571428567
        assertThat(c.pValue()).isCloseTo(0.028571428571428567, within(1e-12));
        // 4 runs with events against none: the candidate's share is at least 0.05^(1/4) = 0.473, the baseline's
        // at most 1 - 0.05^(1/4) = 0.527; the bounds overlap, so Welch's interval alone does not decide
        assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.runsNeeded()).isEqualTo(5);
        assertThat(c.warnings().getFirst())
                .startsWith("the baseline is 0 in every run: a relative change is undefined");
        assertThat(c.warnings())
                .anyMatch(w -> w.startsWith("too few runs with events for a verdict: 0 of 4 in the"
                        + " baseline, 4 of 4 in the candidate"));
        // scipy 1.10.1: stats.beta.ppf(0.05, 5, 1) -> 0.5492802716530588 > 1 - 0.05**(1/5) = 0.4507197283469412
        Comparison five = compare(new double[] {0, 0, 0, 0, 0}, new double[] {1, 2, 1, 2, 1}, FAULTS);
        assertThat(five.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(five.runsNeeded()).isNull();
        // scipy 1.10.1: stats.fisher_exact([[0,5],[5,0]]).pvalue -> 0.007936507936507938
        assertThat(five.pValue()).isCloseTo(0.007936507936507938, within(1e-12));
    }

    @Test
    void anAllZeroBaselineAgainstNoiseIsInconclusive() {
        Comparison c = compare(new double[] {0, 0, 0}, new double[] {0, 1, 0}, FAULTS);
        assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.runsNeeded()).isGreaterThan(3);
    }

    @Test
    void zeroInEveryRunOnBothSidesIsEquivalentFromEightRuns() {
        // 0 against 0 in 3 runs: the event can still occur in up to 63% of runs (1 - 0.05^(1/3)); this once said
        // `equivalent` (a Bernoulli(0.3) baseline against Bernoulli(0.4) gives that in 7% of studies at 3 runs)
        Comparison three = compare(new double[3], new double[3], FAULTS);
        assertThat(three.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(three.runsNeeded()).isEqualTo(8);
        assertThat(three.warnings())
                .contains("0 in every run on both sides, but 3 runs a side cannot exclude the event in up to 63% of"
                        + " them (rule of three): no verdict before 8");
        assertThat(compare(new double[7], new double[7], FAULTS).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(compare(new double[8], new double[8], FAULTS).verdict()).isEqualTo(Verdict.EQUIVALENT);
    }

    @Test
    void anAllZeroBaselineNeedsTheCandidatesRunsWithEventsToExceedWhatItsSilenceAllows() {
        // issue 28: A/A Bernoulli(0.1), n = 30, a baseline that happened to have no event. 6 candidate runs with an
        // event: Welch's interval of the difference excludes 0 and the verdict was `worse`.
        double[] b = new double[30];
        double[] six = new double[30];
        java.util.Arrays.fill(six, 0, 6, 1);
        Comparison c = compare(b, six, FAULTS);
        assertThat(c.difference().low()).isGreaterThan(0);
        assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        // scipy 1.10.1: stats.fisher_exact([[0,30],[6,24]]).pvalue -> 0.023720703916957266
        assertThat(c.pValue()).isCloseTo(0.023720703916957266, within(1e-12));
        // scipy 1.10.1: stats.beta.ppf(0.05, 6, 25) -> 0.09087405970502127, below 1 - 0.05**(1/30) =
        // 0.09503385285530419
        assertThat(RareEvents.lower(6, 30, 0.95)).isCloseTo(0.09087405970502127, within(1e-12));
        assertThat(RareEvents.upper(0, 30, 0.95)).isCloseTo(0.09503385285530419, within(1e-14));
        // 7 runs: stats.beta.ppf(0.05, 7, 24) -> 0.1149868955697387, above: `worse`
        assertThat(RareEvents.lower(7, 30, 0.95)).isCloseTo(0.1149868955697387, within(1e-12));
        double[] seven = new double[30];
        java.util.Arrays.fill(seven, 0, 7, 1);
        assertThat(compare(b, seven, FAULTS).verdict()).isEqualTo(Verdict.WORSE);
    }

    @Test
    void aNearZeroBaselineNeedsTheRunsWithEventsToo() {
        // one baseline run in 30 with an event, 7 candidate runs: Fieller's interval of the ratio of means is
        // unbounded above but starts above 1 (once `worse`); the exact bounds of the shares of runs with events
        // (1 of 30 against 7 of 30) overlap
        double[] b = new double[30];
        b[0] = 1;
        double[] c = new double[30];
        java.util.Arrays.fill(c, 0, 7, 1);
        Comparison r = compare(b, c, FAULTS);
        assertThat(r.ciLowPct()).isGreaterThan(0);
        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.warnings()).anyMatch(w -> w.startsWith("too few runs with events for a verdict: 1 of 30"));
        assertThat(r.runsNeeded()).isGreaterThan(30);
        // counts that are never near zero keep Fieller's verdict
        double[] many = new double[30];
        double[] more = new double[30];
        for (int i = 0; i < 30; i++) {
            many[i] = 10 + i % 3;
            more[i] = 13 + i % 3;
        }
        assertThat(compare(many, more, FAULTS).verdict()).isEqualTo(Verdict.WORSE);
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
