package dev.overhead.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
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
@Processes
class BisectorSignalTest {
    @TempDir
    Path dir;

    /** Steps whose signal came before any hand-over, as Interrupts reports it. */
    private static final Bisector.Steps SIGNALLED = new Bisector.Steps() {
        @Override
        public Bisector.Measurement measure(
                String label,
                String goodName,
                Path goodDir,
                String testName,
                Path testDir,
                boolean first,
                Double threshold) {
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

    /** Runs git in {@code repo}; its output, trimmed. */
    private static String git(Path repo, String... args) throws Exception {
        List<String> argv = new java.util.ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
        argv.addAll(List.of(args));
        Process p = new ProcessBuilder(argv)
                .directory(repo.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", argv) + "\n" + out).isZero();
        return out.strip();
    }

    @Test
    void aSignalBeforeTheHandOverStartsNoBuild() throws Exception {
        assumeTrue(
                java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                        .anyMatch(d -> Files.isExecutable(Path.of(d.isEmpty() ? "." : d, "git"))),
                "no git on PATH: apt-get install git");
        Path repo = Files.createDirectories(dir.resolve("repo"));
        git(repo, "init", "-q");
        Files.writeString(repo.resolve("f"), "1");
        git(repo, "add", "f");
        git(repo, "commit", "-q", "-m", "c1");
        String good = git(repo, "rev-parse", "HEAD");
        Files.writeString(repo.resolve("f"), "2");
        git(repo, "commit", "-q", "-am", "c2");
        String bad = git(repo, "rev-parse", "HEAD");
        Git git = new Git(repo);
        // a real repository, so that without the check the good revision is exported and built
        Path marker = dir.resolve("built");
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
