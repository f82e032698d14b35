package dev.overhead.verdicts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.GeoMean;
import dev.overhead.stats.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 28.4: an overall (geometric-mean) row is never decisive from rows whose own intervals are
 * unbounded or a single point, and it says why. Before, "fs in −83.6% better" over two workloads
 * whose own intervals ran from ×0.00 to ×inf.
 */
class OverallRowBoundsTest {
    private static List<Run> runs(long... fsIn) {
        List<Run> out = new ArrayList<>();
        for (int i = 0; i < fsIn.length; i++) {
            out.add(new Run(
                    i,
                    i,
                    -1,
                    Instant.EPOCH,
                    0,
                    null,
                    false,
                    1.0 + 0.01 * i,
                    0,
                    0,
                    0,
                    true,
                    0,
                    0,
                    0,
                    0,
                    fsIn[i],
                    0,
                    Map.of(),
                    null,
                    null));
        }
        return out;
    }

    private static WorkloadResult workload(String name) {
        // a count whose baseline mean (8) cannot be told from 0 in 5 runs: Fieller's interval is unbounded
        return new WorkloadResult(
                new Workload(name, List.of(name), false, Map.of(), List.of(), List.of()),
                List.of(
                        new VariantResult(Variant.plain("a"), runs(0, 0, 0, 0, 40)),
                        new VariantResult(Variant.plain("b"), runs(0, 0, 0, 0, 1))));
    }

    @Test
    void countsWithUnboundedRowsGiveNoOverallVerdict() {
        StudyResult study = new StudyResult(
                new StudyInfo("x", "x", Instant.EPOCH, StudySettings.DEFAULTS),
                Map.of(),
                List.of(workload("one"), workload("two")),
                List.of(),
                List.of(),
                List.of());
        List<ComparisonRow> rows = Analyzer.compare(study, "a", CompareOptions.DEFAULT);
        ComparisonRow own = rows.stream()
                .filter(r -> !r.overall() && r.metric().equals("fs_in"))
                .findFirst()
                .orElseThrow();
        assertThat(own.comparison().ciHighPct()).isInfinite();
        ComparisonRow overall = rows.stream()
                .filter(r -> r.overall() && r.metric().equals("fs_in"))
                .findFirst()
                .orElseThrow();
        assertThat(overall.comparison().verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(overall.comparison().ciHighPct()).isInfinite();
        assertThat(overall.comparison().warnings())
                .anyMatch(w -> w.contains("one, two have unbounded intervals of their own"));
    }

    private static Comparison c(double low, double high) {
        return new Comparison(
                Direction.LOWER,
                5,
                5,
                1,
                1,
                (low + high) / 2,
                low,
                high,
                0.001,
                "m",
                Verdict.WORSE,
                null,
                List.of(),
                null,
                null);
    }

    @Test
    void aSinglePointRowLeavesTheIntervalButTakesTheVerdict() {
        Comparison overall = c(2, 6);
        Comparison judged = GeoMean.overRows(overall, List.of("ls", "sort"), List.of(c(3, 3), c(1, 9)));
        assertThat(judged.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(judged.ciLowPct()).isEqualTo(2);
        assertThat(judged.warnings()).anyMatch(w -> w.contains("ls has a single-point interval"));
    }

    @Test
    void boundedRowsLeaveTheOverallRowAsItIs() {
        Comparison overall = c(2, 6);
        assertThat(GeoMean.overRows(overall, List.of("ls", "sort"), List.of(c(1, 4), c(1, 9))))
                .isSameAs(overall);
    }
}
