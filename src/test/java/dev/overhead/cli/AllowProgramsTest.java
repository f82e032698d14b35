package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an agent's allow-list does to the study it starts (issue 31, case 7: anyone with INSERT on the team
 * store made every agent run any shell command): the agent hands its list to {@code run --allow-programs},
 * which refuses before anything starts, and stores the study as failed with the sentence.
 */
class AllowProgramsTest {
    @TempDir
    Path dir;

    @Test
    void aStudyOutsideTheListIsStoredAsFailedAndNothingRuns() throws Exception {
        String db = dir.resolve("s.db").toString();
        var refused = overhead(
                "run",
                "--fake-exec",
                "--store",
                db,
                "--runs",
                "2",
                "--allow-programs",
                "sleep,true",
                "--label",
                "queued",
                "fake wall=1",
                "sleep 1");
        assertThat(refused.code()).as(refused.err()).isEqualTo(1);
        assertThat(refused.err())
                .contains("this agent runs only sleep, true (--allow-program)")
                .contains("the study would start fake")
                .doesNotContain("would start sleep");
        var list = overhead("list", "--store", db);
        assertThat(list.out()).contains("failed").contains("queued");
        var show = overhead("report", "--store", db, "--format", "json", "queued");
        assertThat(show.out()).contains("this agent runs only sleep, true");
        assertThat(show.out()).doesNotContain("\"wall_s\""); // no run was measured
    }

    @Test
    void aStudyWithinTheListRunsAndAShellNeedsShAllowed() throws Exception {
        String db = dir.resolve("s.db").toString();
        var ok = overhead(
                "run",
                "--fake-exec",
                "--store",
                db,
                "--runs",
                "2",
                "--allow-programs",
                "fake",
                "fake wall=1",
                "fake wall=1.1");
        assertThat(ok.code()).as(ok.err()).isZero();
        var shell = overhead(
                "run",
                "--fake-exec",
                "--store",
                db,
                "--runs",
                "2",
                "--allow-programs",
                "fake",
                "--shell",
                "fake wall=1",
                "fake wall=2");
        assertThat(shell.code()).isEqualTo(1);
        assertThat(shell.err()).contains("the study would start /bin/sh");
    }
}
