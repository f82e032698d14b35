package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class FamilyTest {
    static Comparison withP(double p, Verdict v) {
        return new Comparison(
                Direction.LOWER, 10, 10, 1, 1, 0, -1, 1, p, "welch-t on log values", v, null, List.of(), null, null);
    }

    @Test
    void adjustsLikeRAndKeepsOnlyTheClaimsThatSurvive() {
        // R 4.2.2: p.adjust(c(0.004, 0.03, 0.02, 0.5, 0.011, 0.04, 0.9, 0.012), "holm")
        // -> 0.032 0.120 0.100 1.000 0.077 0.120 1.000 0.077
        double[] p = {0.004, 0.03, 0.02, 0.5, 0.011, 0.04, 0.9, 0.012};
        double[] expected = {0.032, 0.12, 0.1, 1.0, 0.077, 0.12, 1.0, 0.077};
        List<Comparison> shown = java.util.Arrays.stream(p)
                .mapToObj(x -> withP(x, x < 0.05 ? Verdict.WORSE : Verdict.INCONCLUSIVE))
                .toList();
        List<Comparison> family = Family.holm(shown, 0.95);
        for (int i = 0; i < p.length; i++) {
            assertThat(family.get(i).pValue()).as("p[%d]", i).isCloseTo(expected[i], within(1e-12));
        }
        assertThat(family.get(0).verdict()).isEqualTo(Verdict.WORSE);
        assertThat(family.subList(1, p.length)).allMatch(c -> c.verdict() == Verdict.INCONCLUSIVE);
        assertThat(family.get(1).warnings())
                .containsExactly(
                        "worse alone, but not with the 8 metrics shown together (Holm-adjusted p = 0.120 > 0.0500)");
    }

    @Test
    void leavesEquivalentAlone() {
        List<Comparison> family =
                Family.holm(List.of(withP(0.9, Verdict.EQUIVALENT), withP(0.001, Verdict.BETTER)), 0.95);
        assertThat(family).extracting(Comparison::verdict).containsExactly(Verdict.EQUIVALENT, Verdict.BETTER);
    }
}
