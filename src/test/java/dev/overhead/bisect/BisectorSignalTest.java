package dev.overhead.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.BisectResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A signal that comes before the bisection could hand the build's cancel over (right after it said
 * "building the good revision", under load): no build may start, since nothing would end it (BisectIT
 * once waited 60 s for a {@code sleep 60} build that way).
 */
class BisectorSignalTest {
    @TempDir
    Path dir;

    /** Steps whose signal came before any hand-over, as Interrupts reports it. */
    private static final Bisector.Steps SIGNALLED = new Bisector.Steps() {
        @Override
        public Bisector.Measurement measure(
                String label, String goodName, Path goodDir, String testName, Path testDir, boolean first) {
            throw new AssertionError("nothing is measured after the signal");
        }

        @Override
        public boolean handOver(Runnable cancel) {
            return false;
        }

        @Override
        public boolean interrupted() {
            return true;
        }
    };

    @Test
    void aSignalBeforeTheHandOverStartsNoBuild() {
        Path marker = dir.resolve("built");
        // not a repository: an export would fail, so the bisection must stop before any checkout
        Git git = new Git(dir.resolve("no-repo"));
        String good = "1".repeat(40);
        String bad = "2".repeat(40);
        var request = new Bisector.Request(good, bad, "touch '" + marker + "'", "w", "wall", 1.0, 0.95, 30);
        StringWriter err = new StringWriter();
        BisectResult r;
        try (Builds builds = Builds.create()) {
            r = new Bisector(git, builds, SIGNALLED, new PrintWriter(err))
                    .run(request, good, bad, List.of(new Git.Commit(bad, "c2")));
        }
        assertThat(r.end()).isInstanceOf(BisectResult.Interrupted.class);
        assertThat(r.steps()).isEmpty();
        assertThat(Files.exists(marker)).as("the build never started").isFalse();
    }
}
