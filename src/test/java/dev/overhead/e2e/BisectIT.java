package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.Poll;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code overhead bisect} end to end through the launcher, on repositories of 12 commits made by
 * {@code src/test/resources/dev/overhead/e2e/bisect-repo.sh} where commit 7 adds the cost.
 */
class BisectIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path MAKE_REPO = Launcher.ROOT.resolve("src/test/resources/dev/overhead/e2e/bisect-repo.sh");

    @RegisterExtension
    final Launcher overhead = new Launcher();

    private Path repo(String mode) throws Exception {
        Path dir = overhead.home().resolve("repo-" + mode);
        sh(overhead.home(), MAKE_REPO.toString(), dir.toString(), mode);
        return dir;
    }

    /** Java's temporary directory inside the test's home, so that what bisect leaves behind can be seen. */
    private Map<String, String> tmp() throws IOException {
        Path tmp = Files.createDirectories(overhead.home().resolve("tmp"));
        return Map.of("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + tmp);
    }

    private Launcher.Result bisect(Path repo, String... args) throws Exception {
        return overhead.startIn(repo, tmp(), args).finish();
    }

    private static String[] concat(String[]... parts) {
        return java.util.Arrays.stream(parts).flatMap(java.util.Arrays::stream).toArray(String[]::new);
    }

    /** The fake's command, whose cost is the figure in the build's file {@code cost}. */
    private static final String[] COST = {"--", "fake", "@{build_dir}/cost"};

    /** {@code overhead bisect --fake-exec --good c1 --bad c12 OPTIONS -- fake @{build_dir}/cost} in DIR. */
    private Launcher.Result fakeBisect(Path dir, String... options) throws Exception {
        return bisect(
                dir, concat(new String[] {"bisect", "--fake-exec", "--good", "c1", "--bad", "c12"}, options, COST));
    }

    /** {@code overhead bisect step --fake-exec OPTIONS --good-build GOOD -- fake @{build_dir}/cost} in the repo. */
    private Launcher.Result fakeStep(Path repo, Path good, String... options) throws Exception {
        return bisect(
                repo,
                concat(
                        new String[] {"bisect", "step", "--fake-exec"},
                        options,
                        new String[] {"--good-build", good.toString()},
                        COST));
    }

    /** The good revision c1 unpacked into a directory of its own, as a user would build it. */
    private Path goodBuild(Path repo, String name) throws Exception {
        Path good = Files.createDirectories(overhead.home().resolve(name));
        sh(repo, "sh", "-c", "git archive c1 | tar -x -C " + good);
        return good;
    }

    @Test
    void findsCommitSevenWithTheFakeExecutorAndLeavesTheWorkTreeAlone() throws Exception {
        Path repo = repo("fake");
        Files.writeString(repo.resolve("NOTES"), "uncommitted\n", StandardOpenOption.APPEND);
        Files.writeString(repo.resolve("staged"), "staged\n");
        sh(repo, "git", "add", "staged");
        String before = sh(repo, "git", "status", "--porcelain") + sh(repo, "git", "diff", "HEAD");
        String head = sh(repo, "git", "rev-parse", "HEAD");

        var r = fakeBisect(
                repo,
                "--threshold",
                "5%",
                "--export-json",
                "chain.json",
                "--export-csv",
                "chain.csv",
                "--export-markdown",
                "chain.md",
                "--export-html",
                "chain.html");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        String seven = sh(repo, "git", "rev-parse", "c7").strip();
        assertThat(r.stdout()).contains("first worse commit: " + seven.substring(0, 7) + " (6 of 11) commit 7: a cost");
        assertThat(r.stdout().lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
        JsonNode chain = JSON.readTree(repo.resolve("chain.json").toFile());
        assertThat(chain.path("schema").asText()).isEqualTo("overhead-bisect/1");
        assertThat(chain.path("result").path("outcome").asText()).isEqualTo("found");
        assertThat(chain.path("result").path("commit").asText()).isEqualTo(seven);
        for (JsonNode step : chain.path("steps")) { // measured against good each time: every interval is there
            assertThat(step.path("ci_low_pct").isNumber()).isTrue();
            assertThat(step.path("mark").asText()).isIn("good", "bad");
        }
        assertThat(Files.readString(repo.resolve("chain.csv"))).startsWith("step,commit,position");
        assertThat(Files.readString(repo.resolve("chain.md"))).contains("| step |");
        assertThat(Files.readString(repo.resolve("chain.html"))).contains("<table>");

        Files.delete(repo.resolve("chain.json"));
        Files.delete(repo.resolve("chain.csv"));
        Files.delete(repo.resolve("chain.md"));
        Files.delete(repo.resolve("chain.html"));
        assertThat(sh(repo, "git", "status", "--porcelain") + sh(repo, "git", "diff", "HEAD"))
                .as("the user's work tree and index are as they were")
                .isEqualTo(before);
        assertThat(sh(repo, "git", "rev-parse", "HEAD")).isEqualTo(head);
        assertThat(sh(repo, "git", "worktree", "list")).hasLineCount(1);
        try (var left = Files.list(overhead.home().resolve("tmp"))) {
            assertThat(left.filter(p -> p.getFileName().toString().startsWith("overhead-bisect")))
                    .as("the builds are removed")
                    .isEmpty();
        }

        var list = overhead.run("list");
        assertThat(list.stdout()).contains("bisect ").contains(": " + seven.substring(0, 7));

        var again = fakeBisect(repo, "--threshold", "5%", "--format", "json");
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(again.stderr())
                .as("a second bisection takes the stored steps")
                .contains("taken from study");
        assertThat(JSON.readTree(again.stdout()).path("result").path("commit").asText())
                .isEqualTo(seven);
    }

    @Test
    void aCostWithinTheNoiseEndsInconclusiveAndNamesNoCommit() throws Exception {
        Path repo = repo("noise");
        // a fixed draw of the noise (--seed): an unlucky seed may (rarely) find a false cost
        var r = fakeBisect(repo, "--seed", "1", "--max-runs", "10", "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode result = JSON.readTree(r.stdout()).path("result");
        assertThat(result.path("outcome").asText()).isEqualTo("inconclusive");
        assertThat(result.has("commit")).isFalse();
        assertThat(result.path("runs_needed").asInt()).isGreaterThan(10);

        var text = fakeBisect(repo, "--seed", "1", "--max-runs", "10");
        assertThat(text.stdout())
                .contains("inconclusive")
                .containsPattern("About \\d+ runs per build would likely settle it")
                .doesNotContain("first worse commit");
    }

    /**
     * Issue 28.8: with its defaults (1% threshold, 5 to 50 runs) a x2.7 cost under 20% noise ended
     * inconclusive: the commits that change only notes could not be shown equivalent within 1%. Marked
     * like good or like bad by the midpoint between the ends, every step settles in a few runs.
     */
    @Test
    void findsTheCommitOfAStepCostUnderHeavyNoiseWithTheDefaults() throws Exception {
        Path repo = repo("steep");
        var r = fakeBisect(repo, "--seed", "3", "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        assertThat(root.path("result").path("outcome").asText())
                .as(r.toString())
                .isEqualTo("found");
        assertThat(root.path("result").path("commit").asText())
                .isEqualTo(sh(repo, "git", "rev-parse", "c7").strip());
        for (JsonNode step : root.path("steps")) {
            assertThat(step.path("mark").asText()).isIn("good", "bad");
            assertThat(step.path("n_tested").asInt())
                    .as("runs per build of step %s", step.path("step"))
                    .isLessThanOrEqualTo(20);
        }
        assertThat(r.stderr()).contains("the midpoint between the two ends");
    }

    @Test
    void namesNoCommitInPureNoiseWithTheDefaults() throws Exception {
        Path repo = repo("flat");
        for (String seed : new String[] {"1", "2", "3"}) {
            var r = fakeBisect(repo, "--seed", seed, "--format", "json");
            assertThat(r.exitCode()).as(r.toString()).isZero();
            JsonNode result = JSON.readTree(r.stdout()).path("result");
            assertThat(result.path("outcome").asText()).as(r.toString()).isNotEqualTo("found");
            assertThat(result.has("commit")).isFalse();
        }
    }

    @Test
    void findsCommitSevenOfARealProgramBuiltAtEachStep() throws Exception {
        assumeTrue(onPath("cc"), "no C compiler (cc) to build the test program; install gcc");
        Path repo = repo("c");
        // cpu rather than wall: on a shared machine the wall time of a 20 ms program swings by tens of percent,
        // and its CPU time by 20-30% too (7 ms of it here). The real cost is about sevenfold: with the
        // default threshold each commit is marked by the midpoint between the ends (about +165%), so no
        // threshold has to be chosen to fit the noise (issue 28.8; it was 100%).
        var r = bisect(
                repo,
                "bisect",
                "--good",
                "c1",
                "--bad",
                "c12",
                "--build",
                "$CC -O1 -o prog prog.c",
                "--primary",
                "cpu",
                "--max-runs",
                "30",
                "--format",
                "json",
                "--",
                "{build_dir}/prog",
                "10000000");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        assertThat(root.path("result").path("outcome").asText())
                .as(r.toString())
                .isEqualTo("found");
        assertThat(root.path("result").path("commit").asText())
                .isEqualTo(sh(repo, "git", "rev-parse", "c7").strip());
        assertThat(root.path("result").path("subject").asText()).isEqualTo("commit 7: a chain of multiplications");
    }

    @Test
    void stepDrivesGitBisectRunToCommitSeven() throws Exception {
        assumeTrue(onPath("tar"), "tar is needed to unpack the good revision");
        Path repo = repo("fake");
        Path good = goodBuild(repo, "good");
        sh(repo, "git", "bisect", "start", "c12", "c1");
        String out = sh(
                repo,
                "git",
                "bisect",
                "run",
                Launcher.ROOT.resolve("overhead").toString(),
                "bisect",
                "step",
                "--fake-exec",
                "--threshold",
                "5%",
                "--good-build",
                good.toString(),
                "--",
                "fake",
                "@{build_dir}/cost");
        String seven = sh(repo, "git", "rev-parse", "c7").strip();
        assertThat(out).contains(seven + " is the first bad commit");
        sh(repo, "git", "bisect", "reset");
    }

    @Test
    void stepExitsGoodBadSkipAndAbortsOnAWrongCommandLine() throws Exception {
        Path repo = repo("noise");
        Path good = goodBuild(repo, "good");
        // the fake's noise is fixed; the seed fixes which variant draws which
        var skip = fakeStep(repo, good, "--seed", "1", "--max-runs", "10");
        assertThat(skip.exitCode()).as(skip.toString()).isEqualTo(125);
        assertThat(skip.stdout()).startsWith("skip: ").contains("runs per build would settle it");

        var same = fakeStep(repo, good, "--seed", "1", "--threshold", "20%");
        assertThat(same.exitCode()).as(same.toString()).isZero();
        assertThat(same.stdout()).startsWith("good: ");

        Path fake = repo("fake");
        var bad = fakeStep(fake, goodBuild(fake, "fake-good"), "--threshold", "5%");
        assertThat(bad.exitCode()).as(bad.toString()).isEqualTo(1);
        assertThat(bad.stdout()).startsWith("bad: ");

        var wrong = fakeStep(repo, good, "--no-such-option");
        assertThat(wrong.exitCode())
                .as("128 stops git bisect run instead of marking bad")
                .isEqualTo(128);
        var missing = fakeStep(repo, Path.of("/no/such/dir"));
        assertThat(missing.exitCode()).isEqualTo(128);
        assertThat(missing.stderr()).contains("--good-build /no/such/dir is no directory");
    }

    @Test
    void badInputIsOneSentence() throws Exception {
        Path repo = repo("fake");
        var backwards = bisect(
                repo, "bisect", "--fake-exec", "--good", "c12", "--bad", "c1", "--", "fake", "@{build_dir}/cost");
        assertThat(backwards.exitCode()).isEqualTo(1);
        assertThat(backwards.stderr())
                .contains("is not an ancestor of the bad revision")
                .doesNotContain("at dev.");
        var unknown = bisect(
                repo, "bisect", "--fake-exec", "--good", "nope", "--bad", "c12", "--", "fake", "@{build_dir}/cost");
        assertThat(unknown.exitCode()).isEqualTo(1);
        assertThat(unknown.stderr()).contains("'nope' names no commit here");
        var same = bisect(repo, "bisect", "--fake-exec", "--good", "c1", "--bad", "c12", "--", "fake", "wall=1");
        assertThat(same.exitCode()).isEqualTo(2);
        assertThat(same.stderr()).contains("does not name {build_dir}");
        var outside = fakeBisect(overhead.home());
        assertThat(outside.exitCode()).isEqualTo(1);
        assertThat(outside.stderr()).contains("is not inside a git work tree");
        var build = fakeBisect(repo, "--build", "exit 3");
        assertThat(build.exitCode()).isEqualTo(1);
        assertThat(build.stderr()).contains("the build of the good revision").contains("exited with code 3");
    }

    @Test
    void aSignalDuringABuildEndsTheBisectionAndRemovesTheBuilds() throws Exception {
        Path repo = repo("fake");
        // the build says it runs, then becomes the sleep (exec: one process, nothing left behind): the signal
        // goes to a build in flight, not to the moment before it (BisectorSignalTest has that one)
        Path started = overhead.home().resolve("build-started");
        Launcher.Running running = overhead.startIn(
                repo,
                tmp(),
                concat(
                        new String[] {
                            "bisect",
                            "--fake-exec",
                            "--good",
                            "c1",
                            "--bad",
                            "c12",
                            "--build",
                            "touch '" + started + "' && exec sleep 60"
                        },
                        COST));
        assertThat(Poll.until(Duration.ofSeconds(120), () -> Files.exists(started)))
                .as("the build started")
                .isTrue();
        long t0 = System.nanoTime();
        running.process().destroy(); // SIGTERM to the JVM (the launcher execs it)
        var r = running.finish();
        assertThat(Duration.ofNanos(System.nanoTime() - t0))
                .as("the build is ended, not waited for")
                .isLessThan(Duration.ofSeconds(30));
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(143);
        assertThat(r.stdout()).contains("interrupted after 0 steps");
        try (var left = Files.list(overhead.home().resolve("tmp"))) {
            assertThat(left.filter(p -> p.getFileName().toString().startsWith("overhead-bisect")))
                    .isEmpty();
        }
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir.isEmpty() ? "." : dir, program))) {
                return true;
            }
        }
        return false;
    }

    /** Runs a command in {@code dir} with the launcher's store; its stdout (and stderr), or fails the test. */
    private String sh(Path dir, String... argv) throws Exception {
        List<String> command = new ArrayList<>(List.of(argv));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("XDG_DATA_HOME", overhead.home().resolve("data").toString());
        pb.environment().put("OVERHEAD_NO_BUILD", "1");
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", argv) + "\n" + out).isZero();
        return out;
    }
}
