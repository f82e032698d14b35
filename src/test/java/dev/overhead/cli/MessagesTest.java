package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.study.StudyExecution;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14.22: sentences end before the next begins, and "kept" is said only of runs that exist. */
class MessagesTest {
    @TempDir
    Path dir;

    @Test
    void aFailureBeforeAnyRunSaysNoneWasMeasured() {
        var r = overhead(
                "run",
                "--fake-exec",
                "--runs",
                "2",
                "--store",
                dir.resolve("s.db").toString(),
                "--prepare",
                "exit 3",
                "sleep 1",
                "true");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("). No run was measured; study ").doesNotContain("so far are kept");
    }

    @Test
    void aFailureAfterRunsCountsThem() {
        var r = overhead(
                "run",
                "--fake-exec",
                "--runs",
                "2",
                "--store",
                dir.resolve("s.db").toString(),
                "false",
                "true");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).containsPattern("\\. The \\d+ runs? measured so far (is|are) kept in study ");
    }

    @Test
    void messagesFromBelowGetAFullStop() {
        assertThat(StudyExecution.sentence("the helper closed its socket")).isEqualTo("the helper closed its socket.");
        assertThat(StudyExecution.sentence("done.")).isEqualTo("done.");
    }
}
