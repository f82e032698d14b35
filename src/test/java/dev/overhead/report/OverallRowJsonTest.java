package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.interop.OverheadJsonReader;
import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The overall row is marked in the JSON by a field, and an all-zero baseline's absolute difference travels with it. */
class OverallRowJsonTest {
    @Test
    void theOverallFlagAndTheAbsoluteDifferenceSurviveTheJson() {
        StudyResult study = Fixture.study();
        Comparison zero = new Comparison(
                Direction.LOWER,
                4,
                4,
                0,
                1.5,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                0.0138,
                "difference of means, welch-t",
                Verdict.WORSE,
                null,
                List.of(),
                new Comparison.Difference(1.5, 0.58, 2.42),
                null);
        Comparison any = study.comparisons().getFirst().comparison();
        List<ComparisonRow> rows = new ArrayList<>(study.comparisons());
        rows.add(new ComparisonRow(study.workloads().getFirst().name(), "major_faults", "", "glibc", "hardened", zero));
        rows.add(ComparisonRow.overall("wall", "s", "glibc", "hardened", any));
        StudyResult withRows = new StudyResult(
                study.info(), study.environment(), study.workloads(), rows, study.warnings(), List.of());
        StudyResult back = OverheadJsonReader.read(JsonRenderer.render(withRows, "0.1.0-test"));
        assertThat(back.comparisons()).isEqualTo(rows);
        assertThat(back.comparisons().stream().filter(ComparisonRow::overall)).hasSize(1);
    }
}
