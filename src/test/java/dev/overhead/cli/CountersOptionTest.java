package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettingsCodec;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --counters is recorded with the study and a resumed study counts again. */
class CountersOptionTest {

    private static StudyResult stored(Map<String, Object> options) {
        var workload = new WorkloadResult(
                new Workload("w", List.of("true"), false, Map.of(), List.of(), List.of()),
                List.of(new VariantResult(Variant.plain("true"), List.of())));
        return new StudyResult(
                new StudyInfo("id", null, Instant.EPOCH, StudySettingsCodec.read(options)),
                Map.of(),
                List.of(workload),
                List.of(),
                List.of(),
                List.of());
    }

    @Test
    void aResumedStudyCountsAsTheFirstPartDid() {
        var spec = ResumeCommand.specOf(stored(Map.of("runs", 3, "counters", true)));
        assertThat(spec.settings().counters()).isTrue();
        assertThat(StudySettingsCodec.write(spec.settings())).containsEntry("counters", true);
    }

    @Test
    void aStudyWithoutCountersRecordsNothingAboutThem() {
        var spec = ResumeCommand.specOf(stored(Map.of("runs", 3)));
        assertThat(spec.settings().counters()).isFalse();
        assertThat(StudySettingsCodec.write(spec.settings())).doesNotContainKey("counters");
    }
}
