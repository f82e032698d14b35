package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.Stopping;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.StudySettingsCodec;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.run.StudySpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The defaults come from one place (StudySettings.DEFAULTS): a run without flags, the verdict
 * options, a stored study that says nothing and a resumed one all get the same values from it.
 */
class SettingsDefaultsTest {

    private static StudySpec parsed(String... args) {
        RunCommand run = new RunCommand();
        new CommandLine(run).parseArgs(args);
        return run.buildSpec(null);
    }

    private static StudyResult stored(StudySettings settings) {
        var workload = new WorkloadResult(
                new Workload("w", List.of("true"), false, Map.of(), List.of(), List.of()),
                List.of(new VariantResult(Variant.plain("true"), List.of())));
        return new StudyResult(
                new StudyInfo("id", null, Instant.EPOCH, settings),
                Map.of(),
                List.of(workload),
                List.of(),
                List.of(),
                List.of());
    }

    @Test
    void aRunWithoutFlagsHasTheDefaultSettings() {
        StudySettings settings = parsed("true", "false").settings();
        assertThat(settings).isEqualTo(StudySettings.DEFAULTS.withSeed(settings.seed()));
        // issue 28.5: the default adaptive study waits for the default precision (the threshold, or a
        // quarter of the change), so that the change it reports is not inflated by stopping early
        assertThat(settings.stopping())
                .isEqualTo(new Stopping.Adaptive(
                        StudySettings.MIN_RUNS,
                        StudySettings.MAX_RUNS,
                        dev.overhead.model.LookSchedule.DOUBLING,
                        1.0,
                        StudySettings.PRECISION_SHARE));
        assertThat(parsed("--precision", "off", "true", "false").settings().precisionPct())
                .isNull();
    }

    @Test
    void theVerdictOptionsDefaultToTheSettingsDefaults() {
        VerdictOptions verdict = new VerdictOptions();
        assertThat(verdict.compareOptions()).isEqualTo(StudySettings.DEFAULTS.compare());
        assertThat(verdict.failIfWorse()).isEmpty();
    }

    @Test
    void aStoredStudyThatSaysNothingReadsAsTheDefaults() {
        StudySettings read = StudySettingsCodec.read(Map.of("runs", 3));
        assertThat(read.primary()).isEqualTo(StudySettings.DEFAULTS.primary());
        assertThat(read.compare()).isEqualTo(StudySettings.DEFAULTS.compare());
        assertThat(read.order()).isEqualTo(StudySettings.DEFAULTS.order());
        assertThat(read.warmup()).isEqualTo(StudySettings.DEFAULTS.warmup());
    }

    @Test
    void aResumedStudyKeepsEverySettingAndItsSeed() {
        StudySettings first = parsed("--runs", "4", "--seed", "1234", "--threshold", "3%", "true", "false")
                .settings();
        StudySpec resumed = ResumeCommand.specOf(stored(first));
        // the seed is not moved on (it once was, to seed + 1): the run loop passes over the rounds
        // already run, so the recorded seed gives the whole study's order (StudyRunnerTest)
        assertThat(resumed.settings()).isEqualTo(first);
        assertThat(resumed.settings().seed()).isEqualTo(1234L);
    }

    @Test
    void aStudyStoredWithoutASeedGetsOneWhenResumed() {
        StudySpec resumed = ResumeCommand.specOf(stored(StudySettingsCodec.read(Map.of("runs", 3))));
        assertThat(resumed.settings().seed()).isNotNull();
    }

    @Test
    void aPlansFailIfWorseIsHandedOnWithoutWritingIntoTheOption() {
        VerdictOptions verdict = new VerdictOptions();
        assertThat(verdict.failIfWorse(5.0)).containsExactly(new FailIfWorse.Threshold(null, 5.0));
        assertThat(verdict.failIfWorse).isEmpty();
        verdict.failIfWorse = new java.util.ArrayList<>(List.of("2%"));
        assertThat(verdict.failIfWorse(5.0)).containsExactly(new FailIfWorse.Threshold(null, 2.0));
    }
}
