package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PocockBoundaryTest {
    @Test
    void constantsMatchPococksTable() {
        // Pocock (1977), Biometrika 64, Table 1, two-sided alpha = 0.05, equally spaced looks
        // (also Jennison & Turnbull (2000), Table 2.1): K=2 2.178, K=3 2.289, K=5 2.413, K=10 2.555.
        assertThat(PocockBoundary.constant(new double[] {1, 2}, 0.05)).isCloseTo(2.178, within(2e-3));
        assertThat(PocockBoundary.constant(new double[] {1, 2, 3}, 0.05)).isCloseTo(2.289, within(2e-3));
        assertThat(PocockBoundary.constant(new double[] {1, 2, 3, 4, 5}, 0.05)).isCloseTo(2.413, within(2e-3));
        assertThat(PocockBoundary.constant(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.05))
                .isCloseTo(2.555, within(2e-3));
    }

    @Test
    void moreLooksWidenEachLook() {
        double few = SequentialPlan.everyRound(5, 10).nominalConfidence(0.95, 5);
        double many = SequentialPlan.everyRound(5, 50).nominalConfidence(0.95, 5);
        assertThat(few).isGreaterThan(0.95);
        assertThat(many).isGreaterThan(few);
        assertThat(SequentialPlan.everyRound(10, 10).nominalConfidence(0.95, 10))
                .isEqualTo(0.95);
    }
}
