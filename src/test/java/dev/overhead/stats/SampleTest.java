package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SampleTest {
    @Test
    void roundsMustMatchTheValues() {
        assertThatThrownBy(() -> new Sample(new double[] {1, 2}, new int[] {0}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one round per value");
    }

    @Test
    void isACopyNotAView() {
        double[] v = {1, 2, 3};
        Sample s = Sample.of(v);
        v[0] = 9;
        s.values()[1] = 9;
        assertThat(s.values()).containsExactly(1, 2, 3);
        assertThat(s).isEqualTo(Sample.of(1, 2, 3)).hasSameHashCodeAs(Sample.of(1, 2, 3));
    }

    @Test
    void theLooksDecideTheLevelOfEachInterval() {
        double[] b = {1.00, 1.02, 0.99, 1.01, 1.00, 0.98};
        double[] c = {1.05, 1.07, 1.04, 1.06, 1.08, 1.03};
        Quantity time = Quantity.measurement(Direction.LOWER);
        Comparison fixed = Comparisons.compare(Sample.of(b), Sample.of(c), time, CompareOptions.DEFAULT, Looks.FIXED);
        Comparison seq =
                Comparisons.compare(Sample.of(b), Sample.of(c), time, CompareOptions.DEFAULT, SequentialPlan.DEFAULT);
        Comparison pocock = Comparisons.compare(
                Sample.of(b), Sample.of(c), time, CompareOptions.DEFAULT, SequentialPlan.everyRound(5, 50));
        assertThat(seq.ciHighPct() - seq.ciLowPct()).isGreaterThan(fixed.ciHighPct() - fixed.ciLowPct());
        assertThat(seq.method()).contains("Pocock over looks at 5, 10, 20, 40, 50 runs, each at 98.60%");
        assertThat(pocock.method()).contains("Pocock over 46 looks, each at 99.32%");
        assertThat(Looks.FIXED.perLook(CompareOptions.DEFAULT, 6)).isEqualTo(CompareOptions.DEFAULT);
    }
}
