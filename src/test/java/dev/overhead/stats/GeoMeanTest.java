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
}
