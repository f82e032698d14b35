package dev.overhead.verdicts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.MetricSpec;
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
import dev.overhead.stats.GeoMean;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnalyzerTest {

    private static Run run(int i, double wall, long rss, boolean rssExact, long fsOut, int exit) {
        return new Run(
                i,
                i,
                i,
                Instant.EPOCH,
                exit,
                null,
                false,
                wall,
                wall / 2,
                wall / 4,
                rss,
                rssExact,
                100,
                0,
                1,
                2,
                0,
                fsOut,
                Map.of(),
                null,
                null);
    }

    private static VariantResult variant(String name, double[] walls, boolean rssExact) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < walls.length; i++) {
            runs.add(run(i, walls[i], 1000 + i, rssExact, 0, 0));
        }
        return new VariantResult(Variant.plain(name), runs);
    }

    private static WorkloadResult workload(String name, VariantResult... variants) {
        return new WorkloadResult(
                new Workload(name, List.of("x"), false, Map.of(), List.of(), List.of()), List.of(variants));
    }

    private static StudyResult study(WorkloadResult... workloads) {
        return new StudyResult(
                new StudyInfo("id", null, Instant.EPOCH, StudySettings.DEFAULTS),
                Map.of(),
                List.of(workloads),
                List.of(),
                List.of(),
                List.of());
    }

    @Test
    void figuresThatAreZeroInEveryRunAreNotCompared() {
        WorkloadResult w = workload(
                "w", variant("a", new double[] {1, 1.1, 0.9}, true), variant("b", new double[] {1, 1.2, 1.0}, true));
        List<String> names =
                Analyzer.metricsOf(w).stream().map(MetricSpec::name).toList();
        assertThat(names)
                .contains("wall", "user", "sys", "cpu", "max_rss", "minor_faults", "voluntary_cs")
                .doesNotContain("major_faults", "fs_in", "fs_out");
    }

    @Test
    void peakMemoryThatIsNotTheCommandsOwnIsNotCompared() {
        WorkloadResult w = workload(
                "w", variant("a", new double[] {1, 1.1, 0.9}, false), variant("b", new double[] {1, 1.2, 1.0}, true));
        assertThat(Analyzer.metricsOf(w).stream().map(MetricSpec::name)).doesNotContain("max_rss");
    }

    @Test
    void failedRunsAreNoSamples() {
        VariantResult a = new VariantResult(
                Variant.plain("a"),
                List.of(run(0, 1.0, 1, true, 0, 0), run(1, 9.0, 1, true, 0, 2), run(2, 1.1, 1, true, 0, 0)));
        assertThat(a.values(dev.overhead.model.Metrics.Builtin.WALL.spec())).containsExactly(1.0, 1.1);
    }

    @Test
    void everyCandidateIsComparedWithTheBaselineOnEveryMetric() {
        StudyResult s = study(workload(
                "w",
                variant("a", new double[] {1, 1.01, 0.99, 1.0}, true),
                variant("b", new double[] {1.2, 1.21, 1.19, 1.2}, true),
                variant("c", new double[] {1.0, 1.02, 0.98, 1.0}, true)));
        List<ComparisonRow> rows = Analyzer.compare(s, null, CompareOptions.DEFAULT);
        assertThat(rows).allSatisfy(r -> assertThat(r.baseline()).isEqualTo("a"));
        assertThat(rows.stream().map(ComparisonRow::candidate).distinct()).containsExactly("b", "c");
        ComparisonRow wall = rows.stream()
                .filter(r -> r.candidate().equals("b") && r.metric().equals("wall"))
                .findFirst()
                .orElseThrow();
        assertThat(wall.comparison().verdict()).isEqualTo(Verdict.WORSE);
        assertThat(Analyzer.compare(s, "c", CompareOptions.DEFAULT))
                .allSatisfy(r -> assertThat(r.baseline()).isEqualTo("c"));
    }

    @Test
    void severalWorkloadsGetAnOverallGeometricMeanPerCandidateAndMetric() {
        double[] a1 = {1, 1.01, 0.99, 1.0};
        double[] b1 = {1.1, 1.11, 1.09, 1.1};
        double[] a2 = {2, 2.02, 1.98, 2.0};
        double[] b2 = {2.4, 2.42, 2.38, 2.4};
        StudyResult s = study(
                workload("w1", variant("a", a1, true), variant("b", b1, true)),
                workload("w2", variant("a", a2, true), variant("b", b2, true)));
        List<ComparisonRow> rows = Analyzer.compare(s, null, CompareOptions.DEFAULT);
        ComparisonRow overall = rows.stream()
                .filter(r -> r.overall() && r.metric().equals("wall"))
                .findFirst()
                .orElseThrow();
        var expected = GeoMean.compare(List.of(a1, a2), List.of(b1, b2), Direction.LOWER, CompareOptions.DEFAULT);
        assertThat(overall.comparison().changePct()).isEqualTo(expected.changePct());
        // sqrt(1.1 * 1.2) - 1, the geometric mean of the two ratios of means of nearly constant samples
        assertThat(overall.comparison().changePct()).isCloseTo(14.891, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void anAdaptiveStudysOverallRowIsJudgedAtThePerLookConfidence() {
        double[] a1 = {1, 1.02, 0.98, 1.0, 1.01};
        double[] b1 = {1.05, 1.07, 1.03, 1.06, 1.04};
        double[] a2 = {2, 2.04, 1.96, 2.0, 2.02};
        double[] b2 = {2.1, 2.14, 2.06, 2.1, 2.12};
        StudyResult s = study(
                workload("w1", variant("a", a1, true), variant("b", b1, true)),
                workload("w2", variant("a", a2, true), variant("b", b2, true)));
        var plan = new dev.overhead.stats.SequentialPlan(5, 50);
        assertThat(plan.perLook(CompareOptions.DEFAULT, 5).confidence()).isGreaterThan(0.95);
        ComparisonRow fixed = Analyzer.compare(s, null, CompareOptions.DEFAULT).stream()
                .filter(r -> r.overall() && r.metric().equals("wall"))
                .findFirst()
                .orElseThrow();
        ComparisonRow adaptive =
                Analyzer.compare(s, null, CompareOptions.DEFAULT, Analyzer.Method.of(Looks.FIXED), plan).stream()
                        .filter(r -> r.overall() && r.metric().equals("wall"))
                        .findFirst()
                        .orElseThrow();
        double fixedWidth = fixed.comparison().ciHighPct() - fixed.comparison().ciLowPct();
        double adaptiveWidth =
                adaptive.comparison().ciHighPct() - adaptive.comparison().ciLowPct();
        assertThat(adaptiveWidth).isGreaterThan(fixedWidth);
        assertThat(adaptive.comparison().changePct())
                .isEqualTo(fixed.comparison().changePct());
    }

    @Test
    void oneWorkloadHasNoOverallRow() {
        StudyResult s = study(workload(
                "w", variant("a", new double[] {1, 1.1, 0.9}, true), variant("b", new double[] {1, 1.2, 1.0}, true)));
        assertThat(Analyzer.compare(s, null, CompareOptions.DEFAULT)).noneMatch(ComparisonRow::overall);
    }

    @Test
    void aWorkloadCalledGeomeanIsNotTheOverallRow() {
        StudyResult s = study(
                workload(
                        "geomean",
                        variant("a", new double[] {1, 1.1, 0.9}, true),
                        variant("b", new double[] {1, 1.2, 1.0}, true)),
                workload(
                        "w",
                        variant("a", new double[] {2, 2.1, 1.9}, true),
                        variant("b", new double[] {2, 2.2, 2.0}, true)));
        List<ComparisonRow> rows = Analyzer.compare(s, null, CompareOptions.DEFAULT);
        List<ComparisonRow> named = rows.stream()
                .filter(r -> r.workload().equals("geomean") && r.metric().equals("wall"))
                .toList();
        assertThat(named).hasSize(2);
        assertThat(named.stream().filter(ComparisonRow::overall)).hasSize(1);
        assertThat(rows.stream().filter(r -> r.overall() && r.metric().equals("wall")))
                .singleElement()
                .satisfies(r ->
                        assertThat(r.comparison().method()).startsWith("ratio of geometric means, over 2 workloads"));
    }

    @Test
    void holmAdjustsPValuesButNotVerdicts() {
        StudyResult s = study(workload(
                "w",
                variant("a", new double[] {1, 1.01, 0.99, 1.0}, true),
                variant("b", new double[] {1.05, 1.07, 1.03, 1.05}, true)));
        List<ComparisonRow> rows = Analyzer.compare(s, null, CompareOptions.DEFAULT, Analyzer.Method.of(Looks.FIXED));
        List<ComparisonRow> adjusted = Analyzer.holm(rows);
        for (int i = 0; i < rows.size(); i++) {
            double p = rows.get(i).comparison().pValue();
            double q = adjusted.get(i).comparison().pValue();
            if (!Double.isNaN(p)) {
                assertThat(q).isGreaterThanOrEqualTo(p).isLessThanOrEqualTo(Math.min(1, p * rows.size()));
            }
            assertThat(adjusted.get(i).comparison().verdict())
                    .isEqualTo(rows.get(i).comparison().verdict());
        }
    }

    @Test
    void aSlowFirstRunAndADriftAreNotedForThePrimaryMetric() {
        double[] warm = {2.0, 1.0, 1.01, 0.99, 1.0, 1.02, 0.98};
        double[] drifting = new double[12];
        for (int i = 0; i < drifting.length; i++) {
            drifting[i] = 1.0 + 0.02 * i;
        }
        StudyResult s = study(workload("w", variant("cold", warm, true), variant("hot", drifting, true)));
        List<String> notes = Analyzer.sequenceWarnings(s, "wall");
        assertThat(notes).anyMatch(n -> n.startsWith("w, cold, wall: ") && n.contains("warm-up"));
        assertThat(notes).anyMatch(n -> n.startsWith("w, hot, wall: ") && n.contains("drift"));
        assertThat(Analyzer.sequenceWarnings(
                        study(workload("w", variant("a", new double[] {1, 1.01, 0.99, 1.0, 1.01, 0.99}, true))),
                        "wall"))
                .isEmpty();
    }
}
