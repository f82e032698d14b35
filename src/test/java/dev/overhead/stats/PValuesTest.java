package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PValuesTest {
    @Test
    void holmMatchesR() {
        double[] adjusted = PValues.holm(new double[] {0.01, 0.04, 0.03, 0.2, 0.005});
        // R: p.adjust(c(0.01, 0.04, 0.03, 0.2, 0.005), "holm") -> 0.040 0.090 0.090 0.200 0.025
        assertThat(adjusted).containsExactly(new double[] {0.04, 0.09, 0.09, 0.2, 0.025}, within(1e-15));
    }

    @Test
    void holmLeavesNaNOutOfTheCount() {
        double[] adjusted = PValues.holm(new double[] {Double.NaN, 0.02});
        assertThat(adjusted[0]).isNaN();
        assertThat(adjusted[1]).isEqualTo(0.02);
    }
}
