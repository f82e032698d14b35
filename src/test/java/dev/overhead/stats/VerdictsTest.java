package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VerdictsTest {
    @Test
    void equivalentOnlyWhenWholeIntervalInsideMargin() {
        assertThat(Verdicts.decide(-0.5, 0.9, Direction.LOWER, 1.0)).isEqualTo(Verdict.EQUIVALENT);
        assertThat(Verdicts.decide(-0.5, 1.1, Direction.LOWER, 1.0)).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void directionDecidesWhichSideIsWorse() {
        assertThat(Verdicts.decide(2, 5, Direction.LOWER, 1.0)).isEqualTo(Verdict.WORSE);
        assertThat(Verdicts.decide(2, 5, Direction.HIGHER, 1.0)).isEqualTo(Verdict.BETTER);
        assertThat(Verdicts.decide(-5, -2, Direction.HIGHER, 1.0)).isEqualTo(Verdict.WORSE);
    }

    @Test
    void smallButCertainChangeIsWorseNotEquivalentWhenItLeavesTheMargin() {
        assertThat(Verdicts.decide(0.2, 1.5, Direction.LOWER, 1.0)).isEqualTo(Verdict.WORSE);
    }
}
