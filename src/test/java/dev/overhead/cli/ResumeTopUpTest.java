package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.store.Store;
import dev.overhead.store.Stores;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code resume} of a study stopped by a failed run tops it up to the planned good runs (issue 33, case 8). */
class ResumeTopUpTest {
    @TempDir
    Path dir;

    @Test
    void resumeAfterAFailedRunEndsWithThePlannedGoodRuns() throws Exception {
        Path db = dir.resolve("s.db");
        Path counter = dir.resolve("count");
        // the third run fails, every other succeeds
        String command =
                "n=$(cat " + counter + " 2>/dev/null || echo 0); n=$((n+1)); echo $n > " + counter + "; [ $n -ne 3 ]";
        var first = overhead("run", "--store", db.toString(), "--runs", "4", "--label", "topup", "--shell", command);
        assertThat(first.code()).as(first.err()).isEqualTo(1);
        assertThat(first.err()).contains("exited with code 1");
        var resumed = overhead("resume", "--store", db.toString(), "topup");
        assertThat(resumed.code()).as(resumed.err()).isZero();
        try (Store store = Stores.open(db.toString())) {
            StudyResult s = store.load("topup").orElseThrow();
            var runs = s.workloads().getFirst().variants().getFirst().runs();
            assertThat(runs.stream().filter(r -> !r.failed()).count()).isEqualTo(4);
            assertThat(runs.stream().filter(Run::failed).count()).isEqualTo(1);
            assertThat(store.studyDefinition(s.info().id()).orElseThrow().state())
                    .isEqualTo("done");
        }
    }
}
