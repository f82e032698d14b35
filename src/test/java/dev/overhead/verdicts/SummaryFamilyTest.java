package dev.overhead.verdicts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.ComparisonRow;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Looks;
import dev.overhead.stats.SequentialPlan;
import dev.overhead.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 28.3: the summary is one family. Five workloads judged one by one show some row worse or
 * better in about one A/A study in five; the summary's verdicts hold after Holm over its rows.
 */
class SummaryFamilyTest {
    static Comparison row(Verdict v, double p, int runs) {
        return new Comparison(Direction.LOWER, runs, runs, 1, 1, 3, 1, 5, p, "m", v, null, List.of(), null, null);
    }

    private static List<SummaryFamily.Entry> primaries(double... p) {
        List<SummaryFamily.Entry> out = new ArrayList<>();
        for (int i = 0; i < p.length; i++) {
            Verdict v = p[i] <= 0.05 ? Verdict.WORSE : Verdict.INCONCLUSIVE;
            out.add(new SummaryFamily.Entry(new ComparisonRow("w" + i, "wall", "s", "a", "b", row(v, p[i], 10)), null));
        }
        return out;
    }

    @Test
    void aRowDecisiveAloneIsInconclusiveInAFamilyOfSix() {
        // p = 0.03 is worse at 95% alone; Holm over 6 rows needs p <= 0.05/6 for the smallest
        List<SummaryFamily.Row> rows = SummaryFamily.judge(primaries(0.03, 0.4, 0.5, 0.6, 0.7, 0.8), Looks.FIXED, 0.95);
        assertThat(rows).hasSize(6);
        assertThat(rows.getFirst().verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(rows.getFirst().demoted()).isTrue();
        assertThat(rows.getFirst().familySize()).isEqualTo(6);
    }

    @Test
    void holmStepsDown() {
        // 0.005 <= 0.05/6 and then 0.009 <= 0.05/5: both stand; 0.03 > 0.05/4 does not
        List<SummaryFamily.Row> rows =
                SummaryFamily.judge(primaries(0.005, 0.009, 0.03, 0.6, 0.7, 0.8), Looks.FIXED, 0.95);
        assertThat(rows.stream().map(SummaryFamily.Row::verdict))
                .containsExactly(
                        Verdict.WORSE,
                        Verdict.WORSE,
                        Verdict.INCONCLUSIVE,
                        Verdict.INCONCLUSIVE,
                        Verdict.INCONCLUSIVE,
                        Verdict.INCONCLUSIVE);
    }

    @Test
    void aSecondaryIsShownOnlyBesideAPrimaryThatSurvives() {
        List<SummaryFamily.Entry> entries = new ArrayList<>(primaries(0.001, 0.5));
        ComparisonRow primary = entries.getFirst().row();
        entries.add(
                1,
                new SummaryFamily.Entry(
                        new ComparisonRow("w0", "sys", "s", "a", "b", row(Verdict.WORSE, 0.002, 10)), primary));
        entries.add(
                2,
                new SummaryFamily.Entry(
                        new ComparisonRow("w0", "user", "s", "a", "b", row(Verdict.WORSE, 0.04, 10)), primary));
        List<SummaryFamily.Row> rows = SummaryFamily.judge(entries, Looks.FIXED, 0.95);
        assertThat(rows.stream().map(r -> r.row().metric())).containsExactly("wall", "sys", "wall");
        assertThat(rows.get(1).secondary()).isTrue();
        assertThat(rows.getFirst().familySize()).isEqualTo(4);
    }

    @Test
    void anAdaptiveStudysRowsAreHeldToTheLevelOfTheirLook() {
        // alone, a sequential row is decisive at the look's 98.60%: p = 0.012 stands in a family of one
        // (0.012 <= 0.0140) but not where the plan's level for 0.05/2 is the bar
        SequentialPlan plan = new SequentialPlan(5, 50);
        double one = SummaryFamily.levelOfLook(plan, 0.05, row(Verdict.WORSE, 0.012, 10));
        assertThat(one).isCloseTo(0.0140, org.assertj.core.data.Offset.offset(0.0002));
        assertThat(SummaryFamily.judge(primaries(0.012), plan, 0.95).getFirst().verdict())
                .isEqualTo(Verdict.WORSE);
        assertThat(SummaryFamily.judge(primaries(0.012, 0.5), plan, 0.95)
                        .getFirst()
                        .verdict())
                .isEqualTo(Verdict.INCONCLUSIVE);
        // with fixed looks the same p stands in a family of two (0.012 <= 0.025)
        assertThat(SummaryFamily.judge(primaries(0.012, 0.5), Looks.FIXED, 0.95)
                        .getFirst()
                        .verdict())
                .isEqualTo(Verdict.WORSE);
    }
}
