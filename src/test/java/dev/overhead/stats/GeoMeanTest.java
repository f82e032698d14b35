package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class GeoMeanTest {
    @Test
    void overallChangeAndIntervalMatchTheFormulaInScipy() {
        double[] b1 = {509.00912308693, 501.88456201553, 501.46281981468};
        double[] c1 = {506.84527802467, 504.29637002945, 503.30119299889};
        double[] b2 = {2.633, 2.70, 2.61, 2.68};
        double[] c2 = {2.70, 2.79, 2.66, 2.75};
        Comparison g = GeoMean.compare(List.of(b1, b2), List.of(c1, c2), Direction.LOWER, CompareOptions.DEFAULT);
        // /usr/bin/python3: d = mean over workloads of (mean log c - mean log b); V = sum(var/n) of all samples;
        //   se = sqrt(V)/W; df = V^2 / sum((var/n)^2/(n-1)); q = stats.t.ppf(0.975, df)
        //   (script in docs/statistics.md, "Several workloads")
        //   -> change 1.362556959564366, interval -0.30217822410453865 .. 3.055089573331339,
        //      df 7.136491827638283, p 0.09482463969533385
        assertThat(g.changePct()).isCloseTo(1.362556959564366, within(1e-10));
        assertThat(g.ciLowPct()).isCloseTo(-0.30217822410453865, within(1e-9));
        assertThat(g.ciHighPct()).isCloseTo(3.055089573331339, within(1e-9));
        assertThat(g.pValue()).isCloseTo(0.09482463969533385, within(1e-9));
        assertThat(g.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    static final double[] B8 = PairedComparisonsTest.B8;
    static final double[] C8 = PairedComparisonsTest.C8;
    static final double[] B12 = PairedComparisonsTest.B12;
    static final double[] C12 = PairedComparisonsTest.C12;

    static Sample paired(double[] v) {
        return new Sample(v, PairedComparisonsTest.rounds(v.length));
    }

    @Test
    void pairedRowsArePairedInTheOverallRowAndMatchScipy() {
        Quantity time = Quantity.measurement(Direction.LOWER);
        Comparison g = GeoMean.compare(
                List.of(paired(B8), paired(B12)), List.of(paired(C8), paired(C12)), time, CompareOptions.DEFAULT);
        // /usr/bin/python3 (scipy 1.17): per workload d = log(c) - log(b) over the rounds, estimate d.mean(),
        //   se d.std(ddof=1)/sqrt(n), df n-1 (the rows' paired t); D = mean of estimates, V = sum se^2,
        //   se = sqrt(V)/W, df = V^2/sum(se^4/df), q = stats.t.ppf(0.975, df)
        //   -> change 2.9406878057640577, interval -0.26961007123812075 .. 6.254324418997452,
        //      df 11.290263183743404, p 0.06928159083281217
        assertThat(g.changePct()).isCloseTo(2.9406878057640577, within(1e-10));
        assertThat(g.ciLowPct()).isCloseTo(-0.26961007123812075, within(1e-9));
        assertThat(g.ciHighPct()).isCloseTo(6.254324418997452, within(1e-9));
        assertThat(g.pValue()).isCloseTo(0.06928159083281217, within(1e-9));
        assertThat(g.method())
                .isEqualTo("ratio of geometric means, over 2 workloads: the rows' log ratios averaged,"
                        + " welch-satterthwaite t");
        // it agrees with its rows: the geometric mean of the changes they report
        Comparison r8 = Comparisons.compare(paired(B8), paired(C8), time, CompareOptions.DEFAULT, Looks.FIXED);
        Comparison r12 = Comparisons.compare(paired(B12), paired(C12), time, CompareOptions.DEFAULT, Looks.FIXED);
        double rows = Math.sqrt((1 + r8.changePct() / 100) * (1 + r12.changePct() / 100));
        assertThat(g.changePct()).isCloseTo((rows - 1) * 100, within(1e-9));
        assertThat(g.candidateValue() / g.baselineValue()).isCloseTo(rows, within(1e-12));
    }

    @Test
    void theTypicalRatiosRowsGiveTheirGeometricMean() {
        CompareOptions typical = new CompareOptions(0.95, 1.0, Estimand.TYPICAL);
        Quantity time = Quantity.measurement(Direction.LOWER);
        List<Sample> bs = List.of(Sample.of(B8), Sample.of(B12));
        List<Sample> cs = List.of(Sample.of(C8), Sample.of(C12));
        Comparison g = GeoMean.compare(bs, cs, time, typical);
        double rows = 1;
        double variance = 0;
        for (int i = 0; i < 2; i++) {
            Comparison r = Comparisons.compare(bs.get(i), cs.get(i), time, typical, Looks.FIXED);
            assertThat(r.method()).startsWith("typical ratio, hodges-lehmann");
            rows *= 1 + r.changePct() / 100;
            // the rank interval's equivalent standard error: its half-width on the log scale over z
            double half = (Math.log1p(r.ciHighPct() / 100) - Math.log1p(r.ciLowPct() / 100)) / 2;
            variance += Math.pow(half / 1.959963984540054, 2);
        }
        assertThat(g.changePct()).isCloseTo((Math.sqrt(rows) - 1) * 100, within(1e-9));
        // all rows on normal quantiles: the overall interval is D ± z·sqrt(V)/W
        double d = Math.log(Math.sqrt(rows));
        assertThat(g.ciHighPct())
                .isCloseTo(Math.expm1(d + 1.959963984540054 * Math.sqrt(variance) / 2) * 100, within(1e-9));
        assertThat(g.method()).startsWith("geometric mean of typical ratios, over 2 workloads");
    }

    @Test
    void countsAreTheGeometricMeanOfTheirRatiosOfMeansAndMatchScipy() {
        double[] b1 = {2, 3, 2, 2, 3, 2};
        double[] c1 = {3, 3, 2, 3, 3, 2};
        double[] b2 = {10, 11, 10, 12, 10, 10};
        double[] c2 = {11, 12, 10, 12, 11, 11};
        Comparison g = GeoMean.compare(
                List.of(Sample.of(b1), Sample.of(b2)),
                List.of(Sample.of(c1), Sample.of(c2)),
                Quantity.count(Direction.LOWER),
                CompareOptions.DEFAULT);
        // /usr/bin/python3: per workload log(mc/mb), delta-method variance vb = var(b)/(n*mb^2),
        //   vc likewise, Welch df; combined as above
        //   -> change 10.246065740859288, interval -4.0083933513512715 .. 26.617268276642207, df 12.262055281367994
        assertThat(g.changePct()).isCloseTo(10.246065740859288, within(1e-10));
        assertThat(g.ciLowPct()).isCloseTo(-4.0083933513512715, within(1e-9));
        assertThat(g.ciHighPct()).isCloseTo(26.617268276642207, within(1e-9));
        assertThat(g.method()).startsWith("geometric mean of ratios of means");
    }

    @Test
    void aRowWithoutAnIntervalLeavesTheOverallRowWithout() {
        CompareOptions typical = new CompareOptions(0.95, 1.0, Estimand.TYPICAL);
        Comparison g = GeoMean.compare(
                List.of(Sample.of(1.0, 1.01, 0.99), Sample.of(B8)),
                List.of(Sample.of(1.1, 1.11, 1.09), Sample.of(C8)),
                Quantity.measurement(Direction.LOWER),
                typical);
        assertThat(g.ciLowPct()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(g.ciHighPct()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(g.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }
}
