package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Welch and paired t on log values, pinned to R 4.2.2 (commands beside each value). */
class WelchTest {
    // Seed 001, timed kernel build (s), HARDENED_ATOMIC off / on.
    static final double[] BUILD_OFF = {509.00912308693, 501.88456201553, 501.46281981468};
    static final double[] BUILD_ON = {506.84527802467, 504.29637002945, 503.30119299889};
    // Seed 001, dbench (MB/s).
    static final double[] DBENCH_OFF = {109.613, 108.351, 111.393};
    static final double[] DBENCH_ON = {87.0504, 106.451, 111.377, 110.239, 112.226, 113.152};

    @Test
    void welchOnLogsMatchesR() {
        Shift s = Welch.unpaired(Robust.logs(BUILD_OFF), Robust.logs(BUILD_ON), 0.95);
        // R: b <- c(509.00912308693, 501.88456201553, 501.46281981468);
        //    c <- c(506.84527802467, 504.29637002945, 503.30119299889); r <- t.test(log(c), log(b))
        // r$estimate[1] - r$estimate[2]  -> 0.00139771895984175
        assertThat(s.estimate()).isCloseTo(0.00139771895984175, within(1e-13));
        // r$conf.int -> -0.0164190176152115  0.0192144555348950
        assertThat(s.low()).isCloseTo(-0.0164190176152115, within(1e-12));
        assertThat(s.high()).isCloseTo(0.0192144555348950, within(1e-12));
        // r$p.value -> 0.809865993208566 ; r$parameter (Welch df) -> 2.71890106893826
        assertThat(s.pValue()).isCloseTo(0.809865993208566, within(1e-10));
        assertThat(s.df()).isCloseTo(2.71890106893826, within(1e-10));
    }

    @Test
    void tQuantileMatchesScipyAndR() {
        // /usr/bin/python3 -c "from scipy import stats; print(stats.t.ppf(0.975, 2.71890106893826))"
        //   -> 3.3769266282530443
        assertThat(Welch.quantile(2.71890106893826, 0.95)).isCloseTo(3.3769266282530443, within(1e-9));
        // R: qt(0.975, 3) -> 3.18244630528371
        assertThat(Welch.quantile(3, 0.95)).isCloseTo(3.18244630528371, within(1e-10));
    }

    @Test
    void unequalSizesMatchR() {
        Shift s = Welch.unpaired(Robust.logs(DBENCH_OFF), Robust.logs(DBENCH_ON), 0.95);
        // R: db <- c(109.613, 108.351, 111.393); dc <- c(87.0504, 106.451, 111.377, 110.239, 112.226, 113.152)
        //    r <- t.test(log(dc), log(db)); r$conf.int -> -0.1369901053015470  0.0730559436345475
        assertThat(s.low()).isCloseTo(-0.1369901053015470, within(1e-12));
        assertThat(s.high()).isCloseTo(0.0730559436345475, within(1e-12));
        // r$p.value -> 0.475746491256716 ; r$parameter -> 5.37227418888424
        assertThat(s.pValue()).isCloseTo(0.475746491256716, within(1e-10));
        assertThat(s.df()).isCloseTo(5.37227418888424, within(1e-10));
    }

    @Test
    void pairedOnLogRatiosMatchesR() {
        double[] b = {2.633, 2.70, 2.61, 2.68, 2.65, 2.59, 2.66};
        double[] c = {2.70, 2.79, 2.66, 2.75, 2.74, 2.63, 2.71};
        int[] rounds = {0, 1, 2, 3, 4, 5, 6};
        Comparison r = Comparisons.compare(b, rounds, c, rounds, Direction.LOWER, CompareOptions.DEFAULT);
        // R: pb <- c(2.633, 2.70, 2.61, 2.68, 2.65, 2.59, 2.66); pc <- c(2.70, 2.79, 2.66, 2.75, 2.74, 2.63, 2.71)
        //    r <- t.test(log(pc), log(pb), paired=TRUE)
        // r$conf.int -> 0.0177620466619073 0.0308163810272067 ; r$estimate -> 0.024289213844557
        assertThat(r.ciLowPct()).isCloseTo(Math.expm1(0.0177620466619073) * 100, within(1e-9));
        assertThat(r.ciHighPct()).isCloseTo(Math.expm1(0.0308163810272067) * 100, within(1e-9));
        assertThat(r.changePct()).isCloseTo(Math.expm1(0.024289213844557) * 100, within(1e-9));
        // r$p.value -> 9.8569057361513e-05
        assertThat(r.pValue()).isCloseTo(9.8569057361513e-05, within(1e-12));
        assertThat(r.method()).startsWith("ratio of geometric means, paired-t");
        assertThat(r.verdict()).isEqualTo(Verdict.WORSE);
    }
}
