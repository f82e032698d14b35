package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PointChangeTest {
    private static final double[] B = {10.0, 11.0, 9.5, 10.5, 10.2};
    private static final double[] C = {12.0, 12.5, 11.8, 12.9, 12.1};

    /*
     * /usr/bin/python3 (scipy 1.10.1):
     *   b=[10.0,11.0,9.5,10.5,10.2]; c=[12.0,12.5,11.8,12.9,12.1]
     *   r=st.ttest_ind(c,b,equal_var=False); vb=b.var(ddof=1)/5; vc=c.var(ddof=1)/5; se=(vb+vc)**.5
     *   df=(vb+vc)**2/(vb**2/4+vc**2/4); q=st.t.ppf(0.975,df); d=c.mean()-b.mean(); d-q*se, d+q*se
     * -> 2.02, [1.2791711698285728, 2.7608288301714263], p 0.00027792229833416054
     */
    @Test
    void welchIntervalOfTheDifferenceMatchesScipy() {
        PointChange c = PointChange.of(B, C, 0.95, 1.0);
        assertThat(c.estimate()).isCloseTo(2.02, within(1e-12));
        assertThat(c.low()).isCloseTo(1.2791711698285728, within(1e-9));
        assertThat(c.high()).isCloseTo(2.7608288301714263, within(1e-9));
        assertThat(c.pValue()).isCloseTo(0.00027792229833416054, within(1e-9));
        assertThat(c.verdict()).isEqualTo(Verdict.WORSE);
    }

    /* the same, q2=st.t.ppf(1-0.05/10/2,df) -> [0.7767309546787746, 3.2632690453212243] */
    @Test
    void aFamilyOfTenWidensEachIntervalToBonferroni() {
        PointChange c = PointChange.of(B, C, PointChange.familyConfidence(0.95, 10), 1.0);
        assertThat(c.low()).isCloseTo(0.7767309546787746, within(1e-9));
        assertThat(c.high()).isCloseTo(3.2632690453212243, within(1e-9));
    }

    @Test
    void oneRunOnASideSaysNothingAboutTheSpread() {
        PointChange c = PointChange.of(new double[] {1}, C, 0.95, 1.0);
        assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.low()).isInfinite();
    }

    @Test
    void aChangeInsideTheBandIsEquivalent() {
        PointChange c = PointChange.of(new double[] {5, 5.1, 4.9, 5}, new double[] {5.05, 5.1, 5.0, 5.02}, 0.95, 1.0);
        assertThat(c.verdict()).isEqualTo(Verdict.EQUIVALENT);
    }
}
