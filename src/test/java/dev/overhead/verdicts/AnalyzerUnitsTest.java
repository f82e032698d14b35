package dev.overhead.verdicts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.overhead.model.ComparisonRow;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Runs that record builds or boots are compared at that level (stats.Hierarchical). */
class AnalyzerUnitsTest {
    static final CompareOptions OPTIONS = new CompareOptions(0.95, 1.0);

    private static Run run(int i, double wall, Integer build, Integer boot) {
        return new Run(
                        i,
                        i,
                        i,
                        Instant.EPOCH,
                        0,
                        null,
                        false,
                        wall,
                        0,
                        0,
                        0,
                        true,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        Map.of(),
                        null,
                        null)
                .inUnit(build, boot);
    }

    /** Three runs in each unit; a unit's level is its offset (build-to-build variation). */
    private static VariantResult variant(String name, boolean boots, double... unitLevels) {
        List<Run> runs = new ArrayList<>();
        int i = 0;
        for (int u = 0; u < unitLevels.length; u++) {
            for (double jitter : new double[] {0, 0.01, -0.01}) {
                Integer id = u + 1 + (name.equals("b") && boots ? 100 : 0); // boot ids are distinct per share
                runs.add(run(i++, unitLevels[u] * (1 + jitter), boots ? null : id, boots ? id : null));
            }
        }
        return new VariantResult(Variant.plain(name), runs);
    }

    private static StudyResult study(VariantResult... variants) {
        Workload w = new Workload("w", List.of("x"), false, Map.of(), List.of(), List.of());
        return new StudyResult(
                new StudyInfo("id", null, Instant.EPOCH, StudySettings.DEFAULTS),
                Map.of(),
                List.of(new WorkloadResult(w, List.of(variants))),
                List.of(),
                List.of(),
                List.of());
    }

    private static ComparisonRow wall(StudyResult s) {
        return Analyzer.compare(s, "a", OPTIONS).stream()
                .filter(r -> r.metric().equals(Metrics.Builtin.WALL.metricName()))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void buildsAreTheUnitsOfTheInterval() {
        ComparisonRow r = wall(study(variant("a", false, 1.0, 1.05, 0.97), variant("b", false, 1.07, 1.03, 1.10)));
        assertThat(r.comparison().designName()).isEqualTo("builds");
        assertThat(r.comparison().design().units()).isEqualTo(Map.of("build", 3));
        assertThat(r.comparison().method()).contains("over 3+3 builds");
        assertThat(r.comparison().nBaseline()).isEqualTo(9);
    }

    @Test
    void bootsAreTheOutermostLevelWhereBoth() {
        List<Run> a = new ArrayList<>(variant("a", true, 1.0, 1.05, 0.97).runs());
        a.replaceAll(x -> x.inUnit(1, x.boot()));
        StudyResult s = study(new VariantResult(Variant.plain("a"), a), variant("b", true, 1.07, 1.03, 1.10));
        ComparisonRow r = wall(s);
        assertThat(r.comparison().designName()).isEqualTo("boots");
        assertThat(r.comparison().design().units()).containsEntry("boot", 3);
    }

    @Test
    void theOverallRowOfSeveralWorkloadsIsOverBuildsToo() {
        VariantResult a = variant("a", false, 1.0, 1.05, 0.97);
        VariantResult b = variant("b", false, 1.07, 1.03, 1.10);
        Workload w1 = new Workload("w1", List.of("x"), false, Map.of(), List.of(), List.of());
        Workload w2 = new Workload("w2", List.of("y"), false, Map.of(), List.of(), List.of());
        StudyResult s = new StudyResult(
                new StudyInfo("id", null, Instant.EPOCH, StudySettings.DEFAULTS),
                Map.of(),
                List.of(new WorkloadResult(w1, List.of(a, b)), new WorkloadResult(w2, List.of(a, b))),
                List.of(),
                List.of(),
                List.of());
        ComparisonRow overall = Analyzer.compare(s, "a", OPTIONS).stream()
                .filter(r -> r.overall() && r.metric().equals("wall"))
                .findFirst()
                .orElseThrow();
        ComparisonRow one = wall(study(a, b));
        // the same workload twice: the geometric mean of two equal changes is that change, over builds
        assertThat(overall.comparison().changePct()).isCloseTo(one.comparison().changePct(), within(1e-9));
        assertThat(overall.comparison().designName()).isEqualTo("builds");
        // GeoMean's formula on the per-build geometric means (scipy: t.ppf(0.975, Welch df) over the
        // unit means of both workloads) -> 0.899123332207865 .. 11.313467084534514; on the runs it
        // would be 3.6338445903347076 .. 8.37609362362298
        assertThat(overall.comparison().ciLowPct()).isCloseTo(0.899123332207865, within(1e-8));
        assertThat(overall.comparison().ciHighPct()).isCloseTo(11.313467084534514, within(1e-8));
    }

    @Test
    void aCountZeroInEveryBaselineRunIsComparedOverBuildsToo() {
        // major faults: none in any run of the baseline; the candidate's builds fault 0, 4 and 8 times a run
        List<Run> a = new ArrayList<>(variant("a", false, 1.0, 1.0, 1.0).runs());
        List<Run> b = new ArrayList<>(variant("b", false, 1.0, 1.0, 1.0).runs());
        b.replaceAll(x -> withMajorFaults(x, 4L * (x.build() - 1)));
        StudyResult s = study(new VariantResult(Variant.plain("a"), a), new VariantResult(Variant.plain("b"), b));
        ComparisonRow r = Analyzer.compare(s, "a", OPTIONS).stream()
                .filter(x -> x.metric().equals(Metrics.Builtin.MAJOR_FAULTS.metricName()))
                .findFirst()
                .orElseThrow();
        assertThat(r.comparison().method())
                .isEqualTo("difference of means, welch-t on per-build means over 3+3 builds");
        assertThat(r.comparison().designName()).isEqualTo("builds");
        assertThat(r.comparison().difference().estimate()).isCloseTo(4, within(1e-12));
        // over the build means 0, 4, 8: t(2) = 4.3026527297494619 (R: options(digits=17); qt(0.975, 2)) times 4/sqrt(3)
        assertThat(r.comparison().difference().high())
                .isCloseTo(4 + 4.3026527297494619 * 4 / Math.sqrt(3), within(1e-9));
        assertThat(r.comparison().runsNeeded()).isNull();
    }

    private static Run withMajorFaults(Run x, long faults) {
        return new Run(
                x.index(),
                x.sequence(),
                x.round(),
                x.started(),
                x.exitCode(),
                x.signal(),
                x.timedOut(),
                x.wallS(),
                x.userS(),
                x.sysS(),
                x.maxRssKib(),
                x.maxRssExact(),
                x.minorFaults(),
                faults,
                x.voluntaryCs(),
                x.involuntaryCs(),
                x.fsInBlocks(),
                x.fsOutBlocks(),
                x.metrics(),
                x.build(),
                x.boot());
    }

    @Test
    void oneBuildPerVariantWarns() {
        ComparisonRow r = wall(study(variant("a", false, 1.0), variant("b", false, 1.1)));
        assertThat(r.comparison().designName()).isEqualTo("builds");
        assertThat(r.comparison().warnings()).anyMatch(w -> w.startsWith("one build per variant"));
    }

    @Test
    void aCompareOfSeparateStudiesWarnsThatBootsAndBuildsAreLeftOut() {
        StudyResult s = study(variant("a", false, 1.0), variant("b", false, 1.1));
        List<WorkloadResult> plain = s.workloads().stream()
                .map(w -> new WorkloadResult(
                        w.workload(),
                        w.variants().stream()
                                .map(v -> new VariantResult(
                                        v.variant(),
                                        v.runs().stream()
                                                .map(x -> x.inUnit(null, null))
                                                .toList()))
                                .toList()))
                .toList();
        StudyResult merged = new StudyResult(
                new StudyInfo("a vs b", "a vs b", Instant.EPOCH, StudySettings.merged(List.of("a", "b"))),
                Map.of(),
                plain,
                List.of(),
                List.of(),
                List.of());
        ComparisonRow r = wall(merged);
        assertThat(r.comparison().designName()).isEqualTo("runs");
        assertThat(r.comparison().warnings()).contains(Units.MERGED);
    }
}
