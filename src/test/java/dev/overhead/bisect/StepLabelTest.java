package dev.overhead.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Verdict;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: two bisections of one range with different thresholds stored their steps under the same
 * label ({@code bisect a..b: c}), so {@code overhead list} could not tell them apart. The label now
 * says how the step is judged; the same bisection run again gets the same label (that is how it
 * finds its complete steps to reuse).
 */
@Processes
class StepLabelTest {
    @TempDir
    Path dir;

    /** Steps that record each label and call every tested build worse. */
    private static final class Recording implements Bisector.Steps {
        final List<String> labels = new ArrayList<>();

        @Override
        public Bisector.Measurement measure(
                String label,
                String goodName,
                Path goodDir,
                String testName,
                Path testDir,
                boolean first,
                Double midpointPct) {
            labels.add(label);
            var worse = new Comparison(
                    Direction.LOWER,
                    5,
                    5,
                    1,
                    2,
                    100,
                    90,
                    110,
                    1e-6,
                    "test",
                    Verdict.WORSE,
                    null,
                    List.of(),
                    null,
                    null);
            return new Bisector.Measurement("s" + labels.size(), worse, false, null, false);
        }

        @Override
        public boolean handOver(Runnable cancel) {
            return true;
        }

        @Override
        public boolean interrupted() {
            return false;
        }
    }

    private static String git(Path repo, String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
        argv.addAll(List.of(args));
        Process p = new ProcessBuilder(argv)
                .directory(repo.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", argv) + "\n" + out).isZero();
        return out.strip();
    }

    private List<String> labels(Git git, String good, String bad, List<Git.Commit> commits, double threshold) {
        var request = new Bisector.Request(good, bad, null, "w", "wall", threshold, 0.95, 30);
        Recording steps = new Recording();
        try (Builds builds = Builds.create()) {
            new Bisector(git, builds, steps, new PrintWriter(new StringWriter())).run(request, good, bad, commits);
        }
        return steps.labels;
    }

    @Test
    void bisectionsWithAnotherThresholdStoreTheirStepsApart() throws Exception {
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
        List<Git.Commit> commits = Bisector.range(git, good, bad);

        List<String> at20 = labels(git, good, bad, commits, 20);
        List<String> at5 = labels(git, good, bad, commits, 5);
        List<String> at20again = labels(git, good, bad, commits, 20);

        assertThat(at20).hasSize(1);
        assertThat(at20.getFirst())
                .isEqualTo("bisect " + good.substring(0, 7) + ".." + bad.substring(0, 7) + ": " + bad.substring(0, 7)
                        + " (wall, threshold 20%, confidence 95%)");
        assertThat(at5).doesNotContainAnyElementsOf(at20);
        assertThat(at20again).as("the same bisection finds its own steps").isEqualTo(at20);
    }

    @Test
    void theLabelSaysHowTheStepIsJudged() {
        assertThat(Bisector.label("bisect step: abc1234", "cpu", 2.5, 0.99))
                .isEqualTo("bisect step: abc1234 (cpu, threshold 2.5%, confidence 99%)");
    }
}
