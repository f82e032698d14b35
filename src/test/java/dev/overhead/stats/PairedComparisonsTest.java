package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Pairing by round: pinned to R 4.2.2 (commands beside each value), and when it applies. */
class PairedComparisonsTest {
    static final CompareOptions OPTS = CompareOptions.DEFAULT;
    // R: b <- c(1.012, 0.998, 1.031, 1.005, 0.987, 1.020, 1.044, 0.993)
    //    c <- c(1.041, 1.019, 1.049, 1.037, 1.001, 1.058, 1.060, 1.030)
    static final double[] B8 = {1.012, 0.998, 1.031, 1.005, 0.987, 1.020, 1.044, 0.993};
    static final double[] C8 = {1.041, 1.019, 1.049, 1.037, 1.001, 1.058, 1.060, 1.030};
    // R: b2 <- c(b, 1.210, 1.002, 1.015, 0.979); c2 <- c(c, 1.028, 1.347, 1.046, 1.011)  (two spikes)
    static final double[] B12 = {1.012, 0.998, 1.031, 1.005, 0.987, 1.020, 1.044, 0.993, 1.210, 1.002, 1.015, 0.979};
    static final double[] C12 = {1.041, 1.019, 1.049, 1.037, 1.001, 1.058, 1.060, 1.030, 1.028, 1.347, 1.046, 1.011};

    static int[] rounds(int n) {
        return java.util.stream.IntStream.range(0, n).toArray();
    }

    static double pct(double logShift) {
        return (Math.exp(logShift) - 1) * 100;
    }

    @Test
    void pairedTOnLogRatiosMatchesR() {
        Comparison r = Comparisons.compare(B8, rounds(8), C8, rounds(8), Direction.LOWER, OPTS);
        assertThat(r.method()).isEqualTo("ratio of geometric means, paired-t on log ratios over 8 rounds");
        // R: r <- t.test(log(c), log(b), paired=TRUE); r$estimate -> 0.0250230962072765
        assertThat(r.changePct()).isCloseTo(pct(0.0250230962072765), within(1e-10));
        // r$conf.int -> 0.0172146326876886 0.0328315597268644
        assertThat(r.ciLowPct()).isCloseTo(pct(0.0172146326876886), within(1e-9));
        assertThat(r.ciHighPct()).isCloseTo(pct(0.0328315597268644), within(1e-9));
        // r$p.value -> 0.000128650063678957 ; r$parameter -> 7
        assertThat(r.pValue()).isCloseTo(0.000128650063678957, within(1e-12));
        assertThat(r.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(r.nBaseline()).isEqualTo(8);
    }

    @Test
    void theTypicalRatioIsTheSignedRankIntervalAndMatchesR() {
        CompareOptions typical = new CompareOptions(0.95, 1.0, Estimand.TYPICAL);
        Comparison r = Comparisons.compare(
                new Sample(B12, rounds(12)),
                new Sample(C12, rounds(12)),
                Quantity.measurement(Direction.LOWER),
                typical,
                Looks.FIXED);
        assertThat(r.method()).isEqualTo("typical ratio, signed-rank hodges-lehmann on log ratios over 12 rounds");
        // R: w <- wilcox.test(log(c2), log(b2), paired=TRUE, conf.int=TRUE, exact=TRUE)
        // w$estimate -> 0.0259902451224124
        assertThat(r.changePct()).isCloseTo(pct(0.0259902451224124), within(1e-10));
        // w$conf.int -> 0.0152094186635288 0.0365805616592184
        assertThat(r.ciLowPct()).isCloseTo(pct(0.0152094186635288), within(1e-9));
        assertThat(r.ciHighPct()).isCloseTo(pct(0.0365805616592184), within(1e-9));
        // w$p.value -> 0.02685546875
        assertThat(r.pValue()).isCloseTo(0.02685546875, within(1e-12));
        // the figures the change is computed from: the baseline's median, and that median times the ratio
        // R: median(b2) -> 1.0085
        assertThat(r.baselineValue()).isCloseTo(1.0085, within(1e-12));
        assertThat((r.candidateValue() / r.baselineValue() - 1) * 100).isCloseTo(r.changePct(), within(1e-9));
    }

    @Test
    void fromTenRoundsTheDefaultIsStillThePairedTAndMatchesR() {
        Comparison r = Comparisons.compare(B12, rounds(12), C12, rounds(12), Direction.LOWER, OPTS);
        assertThat(r.method()).isEqualTo("ratio of geometric means, paired-t on log ratios over 12 rounds");
        // R: r <- t.test(log(c2), log(b2), paired=TRUE); r$estimate -> 0.0329424834572526
        assertThat(r.changePct()).isCloseTo(pct(0.0329424834572526), within(1e-10));
        // r$conf.int -> -0.0302044959364501 0.0960894628509552
        assertThat(r.ciLowPct()).isCloseTo(pct(-0.0302044959364501), within(1e-9));
        assertThat(r.ciHighPct()).isCloseTo(pct(0.0960894628509552), within(1e-9));
        // r$p.value -> 0.275239683340685
        assertThat(r.pValue()).isCloseTo(0.275239683340685, within(1e-12));
        // the same quantity as unpaired: the ratio of the geometric means of the paired runs
        // R: exp(mean(log(b2))) -> 1.02313684151314 ; exp(mean(log(c2))) -> 1.05740281436032
        assertThat(r.baselineValue()).isCloseTo(1.02313684151314, within(1e-12));
        assertThat(r.candidateValue()).isCloseTo(1.05740281436032, within(1e-12));
        assertThat(r.changePct())
                .isCloseTo(Comparisons.compare(B12, C12, Direction.LOWER, OPTS).changePct(), within(1e-9));
    }

    @Test
    void signedRankNullDistributionMatchesR() {
        double[] cdf = SignedRank.exactCdf(12);
        // R: psignrank(13, 12) -> 0.021240234375 ; psignrank(14, 12) -> 0.026123046875
        assertThat(cdf[13]).isCloseTo(0.021240234375, within(1e-15));
        assertThat(cdf[14]).isCloseTo(0.026123046875, within(1e-15));
        // R: qsignrank(0.025, 12) -> 14, the 1-based index of the interval's lower end
        assertThat(SignedRank.criticalCount(12, 0.05)).isEqualTo(14);
    }

    @Test
    void pairsOnlyCompleteRounds() {
        // Baseline ran rounds 0..8; the candidate failed in round 8 and has an extra run in round 9:
        // the eight complete rounds are those of the R example above.
        double[] b = Arrays.copyOf(B8, 9);
        b[8] = 1.5;
        double[] c = Arrays.copyOf(C8, 9);
        c[8] = 0.7;
        int[] cRounds = {0, 1, 2, 3, 4, 5, 6, 7, 9};
        Comparison r = Comparisons.compare(b, rounds(9), c, cRounds, Direction.LOWER, OPTS);
        assertThat(r.method()).isEqualTo("ratio of geometric means, paired-t on log ratios over 8 rounds");
        assertThat(r.changePct()).isCloseTo(pct(0.0250230962072765), within(1e-10));
        assertThat(r.nBaseline()).isEqualTo(8);
        assertThat(r.warnings()).anyMatch(w -> w.startsWith("2 runs without a partner in its round"));
    }

    @Test
    void aRoundWithTwoRunsOfOneVariantIsNotAPair() {
        double[] b = Arrays.copyOf(B8, 9);
        b[8] = 1.3;
        int[] bRounds = {0, 1, 2, 3, 4, 5, 6, 7, 7};
        Comparison r = Comparisons.compare(b, bRounds, C8, rounds(8), Direction.LOWER, OPTS);
        assertThat(r.method()).isEqualTo("ratio of geometric means, paired-t on log ratios over 7 rounds");
    }

    @Test
    void fallsBackToUnpairedBelowSixCompleteRounds() {
        int[] cRounds = {0, 1, 2, 3, 4, 10, 11, 12};
        Comparison r = Comparisons.compare(B8, rounds(8), C8, cRounds, Direction.LOWER, OPTS);
        assertThat(r).isEqualTo(Comparisons.compare(B8, C8, Direction.LOWER, OPTS));
    }

    @Test
    void neverPairsRunsOfUnknownRound() {
        int[] unknown = new int[8];
        Arrays.fill(unknown, -1);
        Comparison r = Comparisons.compare(B8, unknown, C8, unknown, Direction.LOWER, OPTS);
        assertThat(r.method()).isEqualTo("ratio of geometric means, welch-t on log values");
        Comparison seq =
                Comparisons.compareSequential(B8, unknown, C8, unknown, Direction.LOWER, OPTS, SequentialPlan.DEFAULT);
        assertThat(seq).isEqualTo(Comparisons.compareSequential(B8, C8, Direction.LOWER, OPTS, SequentialPlan.DEFAULT));
    }

    @Test
    void valuesAtOrBelowZeroAreNotPaired() {
        double[] b = {0, 1, 0, 2, 1, 0, 1, 0};
        double[] c = {1, 1, 0, 2, 1, 1, 1, 0};
        Comparison r = Comparisons.compare(b, rounds(8), c, rounds(8), Direction.LOWER, OPTS);
        assertThat(r.method()).isEqualTo("difference of means, welch-t on raw values");
    }

    @Test
    void sequentialPairedIntervalIsWiderAndSaysHow() {
        Comparison fixed = Comparisons.compare(B8, rounds(8), C8, rounds(8), Direction.LOWER, OPTS);
        Comparison seq = Comparisons.compareSequential(
                B8, rounds(8), C8, rounds(8), Direction.LOWER, OPTS, SequentialPlan.everyRound(5, 50));
        assertThat(seq.method())
                .isEqualTo(
                        "ratio of geometric means, paired-t on log ratios over 8 rounds, sequential: Pocock over 46 looks,"
                                + " each at 99.32%");
        assertThat(seq.changePct()).isEqualTo(fixed.changePct());
        assertThat(seq.ciHighPct() - seq.ciLowPct()).isGreaterThan(fixed.ciHighPct() - fixed.ciLowPct());
        // R: t.test(log(c), log(b), paired=TRUE, conf.level=0.9932...) at Pocock's nominal level
        double q = Welch.quantile(7, SequentialPlan.everyRound(5, 50).nominalConfidence(0.95, 8));
        double se = (0.0328315597268644 - 0.0172146326876886) / 2 / Welch.quantile(7, 0.95);
        assertThat(seq.ciLowPct()).isCloseTo(pct(0.0250230962072765 - q * se), within(1e-9));
    }
}
