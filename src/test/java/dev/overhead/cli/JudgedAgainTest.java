package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.interop.Imported;
import dev.overhead.model.ComparisonRow;
import dev.overhead.model.Run;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** report and compare judge a study with the settings it was run with, unless the command line says otherwise. */
class JudgedAgainTest {

    /**
     * Thirty runs around {@code wall}, 0.05% apart: a change of 1% has an interval far narrower than 1%, and 30 runs
     * leave room for a mode they could have missed (docs/statistics.md §2c) within a 2% threshold.
     */
    private static VariantResult variant(String name, double wall) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            runs.add(Imported.run(i, -1, wall * (1 + (i % 2 == 0 ? 0.0005 : -0.0005)), 0, 0, Map.of()));
        }
        return new VariantResult(Variant.plain(name), runs);
    }

    /** Run with --baseline b --threshold 2%: c costs 1% more than b, a is 10% faster. */
    private static StudyResult stored() {
        StudySettings settings = StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Fixed(30))
                .baseline("b")
                .compare(new CompareOptions(0.95, 2.0))
                .seed(1L)
                .build();
        var workload = new WorkloadResult(
                new Workload("w", List.of("x"), false, Map.of(), List.of(), List.of()),
                List.of(variant("a", 0.9), variant("b", 1.0), variant("c", 1.01)));
        return new StudyResult(
                new StudyInfo("id", null, Instant.EPOCH, settings),
                Map.of(),
                List.of(workload),
                List.of(),
                List.of(),
                List.of());
    }

    private static ComparisonRow wallOf(StudyResult judged, String candidate) {
        return judged.comparisons().stream()
                .filter(r -> r.metric().equals("wall") && r.candidate().equals(candidate))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aStoredStudyIsJudgedWithTheThresholdAndBaselineItRanWith() {
        StudyResult judged = new VerdictOptions().judged(stored());
        assertThat(judged.comparisons()).allMatch(r -> r.baseline().equals("b"));
        assertThat(wallOf(judged, "c").comparison().verdict()).isEqualTo(Verdict.EQUIVALENT);
        assertThat(judged.info().settings().compare().thresholdPct()).isEqualTo(2.0);
    }

    @Test
    void theCommandLineOverridesThemAndTheReportShowsWhatWasUsed() {
        VerdictOptions verdict = new VerdictOptions();
        verdict.threshold = "1%";
        verdict.baseline = "a";
        StudyResult judged = verdict.judged(stored());
        assertThat(judged.comparisons()).allMatch(r -> r.baseline().equals("a"));
        assertThat(judged.info().settings().compare().thresholdPct()).isEqualTo(1.0);
        assertThat(judged.info().settings().baseline()).isEqualTo("a");

        verdict.baseline = null;
        assertThat(wallOf(verdict.judged(stored()), "c").comparison().verdict()).isEqualTo(Verdict.WORSE);
    }
}
