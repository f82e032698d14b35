package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code overhead run} end to end through the real launcher, on the fake executor (exact figures). */
class RunIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    /** {@code overhead run --fake-exec --format json ARGS}, which must succeed: its JSON. */
    private JsonNode fakeRun(String... args) throws Exception {
        String[] all = new String[args.length + 4];
        System.arraycopy(new String[] {"run", "--fake-exec", "--format", "json"}, 0, all, 0, 4);
        System.arraycopy(args, 0, all, 4, args.length);
        var r = overhead.run(all);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        return JSON.readTree(r.stdout());
    }

    /** The variants of the study's first workload, with their runs. */
    private static JsonNode variants(JsonNode root) {
        return root.path("workloads").get(0).path("variants");
    }

    @Test
    void slowerCommandIsWorseOnWallAndTheJsonFollowsTheContract() throws Exception {
        JsonNode root = fakeRun(
                "--runs", "6", "--seed", "7", "--label", "slow", "fake wall=1.0 jitter=1%", "fake wall=1.2 jitter=1%");
        assertThat(root.path("schema").asText()).isEqualTo("overhead/1");
        assertThat(root.path("study").path("label").asText()).isEqualTo("slow");
        JsonNode variants = variants(root);
        assertThat(variants).hasSize(2);
        assertThat(variants.get(0).path("runs")).hasSize(6);
        assertThat(variants.get(1).path("runs")).hasSize(6);
        JsonNode wall = Launcher.comparison(root, "wall", null);
        assertThat(wall).as("a wall comparison").isNotNull();
        assertThat(wall.path("verdict").asText()).isEqualTo("worse");
        assertThat(wall.path("change_pct").asDouble()).isBetween(15.0, 25.0);
        assertThat(wall.path("ci_low_pct").asDouble())
                .isLessThan(wall.path("change_pct").asDouble());
        assertThat(wall.path("ci_high_pct").asDouble())
                .isGreaterThan(wall.path("change_pct").asDouble());
    }

    @Test
    void roundsInterleaveTheVariantsAndSequenceCountsAcrossThem() throws Exception {
        JsonNode variants = variants(fakeRun("--runs", "4", "--seed", "3", "sleep 1", "sleep 2"));
        for (int round = 0; round < 4; round++) {
            int a = variants.get(0).path("runs").get(round).path("sequence").asInt();
            int b = variants.get(1).path("runs").get(round).path("sequence").asInt();
            assertThat(Math.min(a, b)).isEqualTo(2 * round);
            assertThat(Math.max(a, b)).isEqualTo(2 * round + 1);
            assertThat(variants.get(0).path("runs").get(round).path("wall_s").asDouble())
                    .isEqualTo(1.0);
        }
    }

    @Test
    void commandsCanBeNamed() throws Exception {
        JsonNode root = fakeRun("--runs", "3", "-n", "short", "-n", "long", "sleep 1", "sleep 2");
        assertThat(Launcher.verdict(root, "wall", "long")).isEqualTo("worse");
        var tooMany = overhead.run("run", "--fake-exec", "-n", "a", "-n", "b", "-n", "c", "sleep 1", "sleep 2");
        assertThat(tooMany.exitCode()).isEqualTo(2);
        assertThat(tooMany.stderr()).contains("--name");
    }

    @Test
    void everyStudyIsStoredAndListed() throws Exception {
        var r = overhead.run("run", "--fake-exec", "--runs", "3", "--label", "listed-study", "sleep 1", "sleep 1.5");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        var list = overhead.run("list");
        assertThat(list.exitCode()).isZero();
        assertThat(list.stdout()).contains("listed-study").contains("done");
        var show = overhead.run("show", "listed-study");
        assertThat(show.exitCode()).as(show.toString()).isZero();
        assertThat(show.stdout()).contains("sleep 1.5");
    }

    @Test
    void variantSpecsSetEnvironmentAndPrefix() throws Exception {
        JsonNode root = fakeRun(
                "--runs",
                "5",
                "-V",
                "base:",
                "-V",
                "scaled: FAKE_SCALE=1.5",
                "-V",
                "wrapped: fakewrap 2",
                "--",
                "fake",
                "wall=0.1",
                "jitter=2%");
        JsonNode variants = variants(root);
        assertThat(variants.get(1).path("env").path("FAKE_SCALE").asText()).isEqualTo("1.5");
        assertThat(variants.get(2).path("prefix").get(0).asText()).isEqualTo("fakewrap");
        assertThat(Launcher.verdict(root, "wall", "scaled")).isEqualTo("worse");
        assertThat(Launcher.verdict(root, "wall", "wrapped")).isEqualTo("worse");
    }

    @Test
    void aFailingRunStopsTheStudyWithOneSentence() throws Exception {
        var r = overhead.run("run", "--fake-exec", "--runs", "3", "sleep 1", "fake exit=2 'err=boom: disk full'");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr())
                .contains("exited with code 2")
                .contains("boom: disk full")
                .contains("--ignore-failure")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
    }

    @Test
    void ignoreFailureKeepsGoing() throws Exception {
        JsonNode root = fakeRun("--runs", "3", "--ignore-failure", "sleep 1", "fake exit=2");
        assertThat(variants(root).get(1).path("runs")).hasSize(3);
    }

    @Test
    void aCommandThatCannotStartIsRefusedBeforeTheFirstRun() throws Exception {
        var r = overhead.run("run", "--runs", "3", "true", "no-such-command-xyz --flag");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).contains("no-such-command-xyz").contains("PATH");
        assertThat(overhead.run("list").stdout()).doesNotContain("running");
    }

    @Test
    void wrongFlagsExitTwoWithoutAStackTrace() throws Exception {
        var r = overhead.run("run", "--runz", "3", "true");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stderr()).contains("--runz").doesNotContain("\tat ");
        var bad = overhead.run("run", "--order", "sideways", "true", "false");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.stderr()).contains("sideways");
    }

    @Test
    void failIfWorseExitsThree() throws Exception {
        var r = overhead.run(
                "run",
                "--fake-exec",
                "--runs",
                "5",
                "--fail-if-worse",
                "5%",
                "fake wall=1 jitter=1%",
                "fake wall=1.3 jitter=1%");
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(3);
        assertThat(r.stderr()).contains("worse");
    }

    @Test
    void adaptiveStoppingEndsEarlyWhenTheDifferenceIsClear() throws Exception {
        JsonNode variants = variants(
                fakeRun("--min-runs", "5", "--max-runs", "40", "fake wall=1 jitter=0.5%", "fake wall=2 jitter=0.5%"));
        assertThat(variants.get(0).path("runs").size()).isBetween(5, 10);
    }

    @Test
    void aMetricParsedFromTheOutputIsJudgedInItsOwnDirection() throws Exception {
        JsonNode root = fakeRun(
                "--runs",
                "6",
                "--metric",
                "throughput:higher=rate ([0-9.]+)",
                "fake wall=1 jitter=1% 'out=rate {wall}'",
                "fake wall=0.8 jitter=1% 'out=rate {wall}'");
        assertThat(variants(root)
                        .get(0)
                        .path("runs")
                        .get(0)
                        .path("metrics")
                        .path("throughput")
                        .asDouble())
                .isBetween(0.9, 1.1);
        assertThat(Launcher.verdict(root, "throughput", "fake wall=0.8 jitter=1% 'out=rate {wall}'"))
                .as("less throughput is worse")
                .isEqualTo("worse");
        assertThat(Launcher.verdict(root, "wall", "fake wall=0.8 jitter=1% 'out=rate {wall}'"))
                .isEqualTo("better");
    }

    @Test
    void aPlanRunsEveryParameterCombinationAgainstEveryVariant() throws Exception {
        Path plan = overhead.home().resolve("study.yaml");
        java.nio.file.Files.writeString(plan, """
                name: planned
                runs: {count: 4}
                workloads:
                  - name: job
                    command: [fake, "wall={w}", "jitter=1%"]
                    parameters: {w: ["0.5", "1.0"]}
                variants:
                  - name: plain
                  - name: slower
                    env: {FAKE_SCALE: "1.2"}
                """);
        JsonNode root = fakeRun("--plan", plan.toString());
        assertThat(root.path("study").path("label").asText()).isEqualTo("planned");
        assertThat(root.path("workloads")).hasSize(2);
        assertThat(root.path("workloads").get(0).path("parameters").path("w").asText())
                .isEqualTo("0.5");
        assertThat(Launcher.verdict(root, "wall", "slower")).isEqualTo("worse");
    }

    @Test
    void aPlanCanAskForCountersAndAnExitCodeWhenWorse() throws Exception {
        Path plan = overhead.home().resolve("gate.yaml");
        java.nio.file.Files.writeString(plan, """
                runs: {count: 5}
                fail_if_worse: 5%
                counters: true
                workloads:
                  - name: job
                    command: [fake, "wall=1", "instructions=1000000", "jitter=1%"]
                variants:
                  - name: before
                  - name: after
                    env: {FAKE_SCALE: "1.2"}
                """);
        var r = overhead.run("run", "--fake-exec", "--plan", plan.toString(), "--format", "json");
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(3);
        JsonNode root = JSON.readTree(r.stdout());
        assertThat(Launcher.verdict(root, "instructions", "after")).isEqualTo("worse");
        assertThat(root.path("study").path("options").path("counters").asBoolean())
                .isTrue();
    }

    @Test
    void aBrokenPlanIsRefusedWithFileLineAndColumn() throws Exception {
        Path plan = overhead.home().resolve("broken.yaml");
        java.nio.file.Files.writeString(plan, "workloads:\n  - name: x\n    comand: [true]\n");
        var r = overhead.run("run", "--plan", plan.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stderr()).contains("broken.yaml:3:").contains("comand").doesNotContain("\tat ");
    }
}
