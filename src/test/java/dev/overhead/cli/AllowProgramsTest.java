package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        var refused = run(db, "--allow-programs", "sleep,true", "--label", "queued", "fake wall=1", "sleep 1");
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
        var ok = run(db, "--allow-programs", "fake", "fake wall=1", "fake wall=1.1");
        assertThat(ok.code()).as(ok.err()).isZero();
        var shell = run(db, "--allow-programs", "fake", "--shell", "fake wall=1", "fake wall=2");
        assertThat(shell.code()).isEqualTo(1);
        assertThat(shell.err()).contains("the study would start /bin/sh");
    }

    /** {@code overhead run} of two fake runs a variant into {@code db}, with {@code more} after. */
    private static StoreSafetyTest.Result run(String db, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "--fake-exec", "--store", db, "--runs", "2"));
        args.addAll(List.of(more));
        return overhead(args.toArray(String[]::new));
    }
}
