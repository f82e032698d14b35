package dev.overhead.verdicts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Direction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The analysis hands the engine the round of every value, so runs of a round can be paired. */
class AnalyzerPairingTest {
    static final MetricSpec WALL = Metrics.Builtin.WALL.spec();
    static final MetricSpec OPS = new MetricSpec("ops", Direction.HIGHER, "op/s", "ops=(\\S+)");

    private static Run run(int round, double wall, int exit) {
        return new Run(
                round < 0 ? 0 : round,
                round,
                round,
                Instant.EPOCH,
                exit,
                null,
                false,
                wall,
                wall / 2,
                wall / 4,
                1000,
                true,
                100,
                0,
                1,
                2,
                0,
                0,
                Map.of("ops", 1000 / wall),
                null,
                null);
    }

    private static VariantResult variant(String name, int firstRound, double... walls) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < walls.length; i++) {
            runs.add(run(firstRound < 0 ? -1 : firstRound + i, walls[i], 0));
        }
        return new VariantResult(Variant.plain(name), runs);
    }

    private static StudyResult study(VariantResult... variants) {
        Workload w = new Workload("w", List.of("x"), false, Map.of(), List.of(), List.of(OPS));
        return new StudyResult(
                new StudyInfo("id", null, Instant.EPOCH, StudySettings.DEFAULTS),
                Map.of(),
                List.of(new WorkloadResult(w, List.of(variants))),
                List.of(),
                List.of(),
                List.of());
    }

    private static StudyResult mergedFrom(String... sources) {
        StudyResult s = study(variant("a", 0, A), variant("b", 0, B));
        return new StudyResult(
                new StudyInfo("a vs b", "a vs b", Instant.EPOCH, StudySettings.merged(List.of(sources))),
                Map.of(),
                s.workloads(),
                List.of(),
                List.of(),
                List.of());
    }

    private static String method(List<ComparisonRow> rows, String metric) {
        return rows.stream()
                .filter(r -> r.metric().equals(metric))
                .findFirst()
                .orElseThrow()
                .comparison()
                .method();
    }

    static final double[] A = {1.012, 0.998, 1.031, 1.005, 0.987, 1.020, 1.044, 0.993};
    static final double[] B = {1.041, 1.019, 1.049, 1.037, 1.001, 1.058, 1.060, 1.030};

    @Test
    void roundsFollowTheValuesAndSkipFailedRuns() {
        VariantResult v =
                new VariantResult(Variant.plain("a"), List.of(run(0, 1.0, 0), run(1, 9.0, 1), run(2, 1.1, 0)));
        assertThat(v.values(WALL)).containsExactly(1.0, 1.1);
        assertThat(v.rounds(WALL)).containsExactly(0, 2);
    }

    @Test
    void builtInAndParsedMetricsOfAStudyRunInRoundsArePaired() {
        List<ComparisonRow> rows =
                Analyzer.compare(study(variant("a", 0, A), variant("b", 0, B)), null, CompareOptions.DEFAULT);
        assertThat(method(rows, "wall")).isEqualTo("ratio of geometric means, paired-t on log ratios over 8 rounds");
        assertThat(method(rows, "ops")).isEqualTo("ratio of geometric means, paired-t on log ratios over 8 rounds");
    }

    @Test
    void importedRunsWithoutRoundsAreNeverPaired() {
        List<ComparisonRow> rows =
                Analyzer.compare(study(variant("a", -1, A), variant("b", -1, B)), null, CompareOptions.DEFAULT);
        assertThat(method(rows, "wall")).isEqualTo("ratio of geometric means, welch-t on log values");
    }

    @Test
    void variantsMergedFromSeveralStudiesAreNeverPaired() {
        // compare of two stored studies (the cross-boot case): both numbered their rounds from 0,
        // but round 3 of one did not run next to round 3 of the other.
        assertThat(method(Analyzer.compare(mergedFrom("before", "after"), null, CompareOptions.DEFAULT), "wall"))
                .isEqualTo("ratio of geometric means, welch-t on log values");
        assertThat(method(Analyzer.compare(mergedFrom("one.json"), null, CompareOptions.DEFAULT), "wall"))
                .startsWith("ratio of geometric means, paired-t");
    }

    @Test
    void studiesThatShareNoRoundsAreComparedUnpaired() {
        // Two stored studies compared across a reboot: both numbered their rounds from 0, but a
        // cross-study comparison merges variants whose rounds did not run together.
        List<ComparisonRow> rows =
                Analyzer.compare(study(variant("a", 0, A), variant("b", 100, B)), null, CompareOptions.DEFAULT);
        assertThat(method(rows, "wall")).isEqualTo("ratio of geometric means, welch-t on log values");
    }
}
