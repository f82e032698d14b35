package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** One sample described, pinned to R 4.2.2 and scipy 1.10.1. */
class SummaryTest {
    @Test
    void meanIntervalAndMomentsMatchR() {
        Summary s = Summary.of(new double[] {5.1, 4.9, 5.3, 5.0, 5.2, 5.4, 4.8, 5.05}, 0.95);
        // R: x <- c(5.1, 4.9, 5.3, 5.0, 5.2, 5.4, 4.8, 5.05); mean(x) -> 5.09375; sd(x) -> 0.200779730052613
        assertThat(s.mean()).isCloseTo(5.09375, within(1e-13));
        assertThat(s.sd()).isCloseTo(0.200779730052613, within(1e-13));
        // median(x) -> 5.075
        assertThat(s.median()).isCloseTo(5.075, within(1e-13));
        // t.test(x)$conf.int -> 4.92589394503685 5.26160605496315
        assertThat(s.meanLow()).isCloseTo(4.92589394503685, within(1e-12));
        assertThat(s.meanHigh()).isCloseTo(5.26160605496315, within(1e-12));
        assertThat(s.cv()).isCloseTo(0.200779730052613 / 5.09375, within(1e-13));
    }

    @Test
    void medianIntervalUsesOrderStatisticsAsBinomialSays() {
        double[] x = {10, 3, 7, 1, 9, 4, 8, 2, 6, 5};
        Summary s = Summary.of(x, 0.95);
        // R: qbinom(0.025, 10, 0.5) -> 2, so [x(2), x(9)] ; 1 - 2*pbinom(1, 10, 0.5) -> 0.978515625
        assertThat(s.medianLow()).isEqualTo(2);
        assertThat(s.medianHigh()).isEqualTo(9);
        assertThat(s.medianCoverage()).isCloseTo(0.978515625, within(1e-15));
    }

    @Test
    void noMedianIntervalBelowSixRunsAt95() {
        // 2 * 0.5^5 = 0.0625 > 0.05: even [min, max] of five values falls short.
        Summary s = Summary.of(new double[] {1, 2, 3, 4, 5}, 0.95);
        assertThat(s.medianLow()).isNaN();
        assertThat(s.warnings()).anyMatch(w -> w.contains("interval of the median"));
    }

    @Test
    void dbenchFirstRunOfSeed001IsAnOutlierAndLooksLikeWarmup() {
        double[] dbench = {87.0504, 106.451, 111.377, 110.239, 112.226, 113.152};
        Summary s = Summary.of(dbench, 0.95);
        // /usr/bin/python3 -c "import numpy as np; x=np.array([87.0504,106.451,111.377,110.239,112.226,113.152]);
        //   m=np.median(x); print(0.6745*(x-m)/np.median(abs(x-m)))"
        //   -> [-8.519 -1.562 0.204 -0.204 0.508 0.841]: only run 0 beyond 3.5
        assertThat(s.outliers()).containsExactly(0);
        // Against the other five: r=x[1:]; 0.6745*(x[0]-np.median(r))/np.median(abs(r-np.median(r))) -> -14.42
        assertThat(Robust.modifiedZ(87.0504, java.util.Arrays.copyOfRange(dbench, 1, 6)))
                .isCloseTo(-14.41853400702999, within(1e-9));
        assertThat(s.warnings()).anyMatch(w -> w.contains("warm-up"));
        // the warning gives the first run and the median of the rest (np.median(x[1:]) -> 111.377)
        assertThat(s.warnings())
                .anyMatch(w -> w.startsWith("the first run (87.0504) is far from the rest (median 111.377)"));
    }

    @Test
    void trendMatchesScipyKendallAndTheilSen() {
        double[] x = {1.00, 1.01, 0.99, 1.02, 1.03, 1.02, 1.04, 1.05, 1.04, 1.06, 1.07, 1.06};
        RunSequence.Trend t = RunSequence.trend(x);
        // /usr/bin/python3 -c "from scipy import stats; x=[1.00,1.01,0.99,1.02,1.03,1.02,1.04,1.05,1.04,1.06,
        //   1.07,1.06]; print(stats.kendalltau(range(12), x, method='asymptotic'), stats.theilslopes(x, range(12)))"
        //   -> pvalue=0.0002519657668206024 ; slope=0.006666666666666672
        assertThat(t.pValue()).isCloseTo(0.0002519657668206024, within(1e-12));
        assertThat(t.slope()).isCloseTo(0.006666666666666672, within(1e-12));
        assertThat(Summary.of(x, 0.95).warnings()).anyMatch(w -> w.contains("drift by +7.1% over the runs"));
    }

    @Test
    void aDriftIsWrittenInTwoDigitsWithoutAnExponent() {
        assertThat(RunSequence.twoDigits(-140.4)).isEqualTo("-140");
        assertThat(RunSequence.twoDigits(58.2)).isEqualTo("+58");
        assertThat(RunSequence.twoDigits(1.234)).isEqualTo("+1.2");
        assertThat(RunSequence.twoDigits(0.0456)).isEqualTo("+0.046");
    }

    @Test
    void steadySampleHasNoWarnings() {
        Summary s = Summary.of(new double[] {1.00, 1.02, 0.99, 1.01, 1.00, 0.98, 1.01, 1.02, 0.99, 1.00}, 0.95);
        assertThat(s.warnings()).isEmpty();
        assertThat(s.outliers()).isEmpty();
    }
}
