package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The real executor through the real launcher: short commands only (long ones belong in bench/). */
class RealMeasurementIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    @Test
    void twoSleepsGiveTheirDurationsAndTheLongerIsWorse() throws Exception {
        // 8 runs, not 5: at a load of 14-16 one stretched run among 5 once left the doubling `inconclusive`
        var r = overhead.run("run", "--runs", "8", "--format", "json", "sleep 0.05", "sleep 0.1");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        JsonNode variants = root.path("workloads").get(0).path("variants");
        // A sleep never measures shorter than asked; the fastest run is near it (a loaded machine may
        // stretch single runs, but a harness that added its own time would stretch every one).
        assertThat(fastest(variants.get(0))).isBetween(0.049, 0.075);
        assertThat(fastest(variants.get(1))).isBetween(0.099, 0.125);
        for (JsonNode run : variants.get(0).path("runs")) {
            assertThat(run.path("wall_s").asDouble()).isGreaterThan(0.049);
            if (run.path("max_rss_exact").asBoolean()) {
                assertThat(run.path("max_rss_kib").asLong())
                        .as("sleep's own peak, not the JVM's")
                        .isLessThan(8 * 1024);
            } else { // no C compiler: the FFM fallback, whose peak is the JVM's, must say so
                assertThat(root.path("warnings").toString()).contains("max_rss is not the command's own");
            }
        }
        for (JsonNode run : variants.get(1).path("runs")) {
            assertThat(run.path("wall_s").asDouble()).isGreaterThan(0.099);
        }
        assertThat(Launcher.verdict(root, "wall", "sleep 0.1")).isEqualTo("worse");
        assertThat(root.path("environment").path("kernel").path("release").asText())
                .isNotEmpty();
    }

    private static double fastest(JsonNode variant) {
        double min = Double.POSITIVE_INFINITY;
        for (JsonNode run : variant.path("runs")) {
            min = Math.min(min, run.path("wall_s").asDouble());
        }
        return min;
    }

    @Test
    void ctrlCKeepsWhatWasMeasuredAndResumeFinishesTheStudy() throws Exception {
        // each run leaves a line in "started" (in the launcher's working folder) as it begins
        String command = "echo >> started; sleep 0.25";
        var running = overhead.start(Map.of(), "run", "--shell", "--runs", "12", "--label", "cut", command, command);
        Path started = overhead.home().resolve("started");
        // interrupt mid-study: once a third run has begun, two have ended and been stored
        assertThat(Poll.until(
                        Duration.ofSeconds(60),
                        () -> Files.exists(started)
                                && Files.readAllLines(started).size() >= 3))
                .as("three runs began")
                .isTrue();
        new ProcessBuilder("kill", "-INT", Long.toString(running.process().pid()))
                .start()
                .waitFor();
        var r = running.finish();
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(130);
        assertThat(r.stderr()).contains("resume");
        assertThat(overhead.run("list").stdout()).contains("interrupted");
        var resumed = overhead.run("resume", "--format", "json", "cut");
        assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
        JsonNode variants =
                JSON.readTree(resumed.stdout()).path("workloads").get(0).path("variants");
        assertThat(variants.get(0).path("runs")).hasSize(12);
        assertThat(variants.get(1).path("runs")).hasSize(12);
        assertThat(overhead.run("list").stdout()).contains("done");
    }

    @Test
    void pinningAndNoAslrReachTheMeasuredCommand() throws Exception {
        Path output = overhead.home().resolve("child.txt");
        var r = overhead.run(
                "run",
                "--runs",
                "2",
                "--pin",
                "0",
                "--no-aslr",
                "--output",
                output.toString(),
                "--shell",
                "grep Cpus_allowed_list /proc/self/status; cat /proc/self/personality");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String seen = Files.readString(output);
        assertThat(seen).contains("Cpus_allowed_list:\t0\n");
        assertThat(seen).as("ADDR_NO_RANDOMIZE is 0x0040000").contains("00040000");
    }

    @Test
    void demoRunsARealStudyAndWritesItsReports() throws Exception {
        var r = overhead.run("demo", "--time-budget", "6s");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stdout())
                .contains("perturb")
                .contains("glibc")
                .contains("\nIn plain words: ")
                .doesNotContain(" vs glibc") // the tables are in the files, or with --detail
                .contains("add --detail, or\noverhead report --detail ");
        assertThat(Files.readString(overhead.home().resolve("overhead-demo/report.html")))
                .contains("<html");
        assertThat(JSON.readTree(overhead.home()
                                .resolve("overhead-demo/result.json")
                                .toFile())
                        .path("comparisons")
                        .size())
                .isGreaterThan(0);
        assertThat(r.stderr()).contains("report.html");
    }

    @Test
    void whatACommandLeavesRunningIsKilledAndReported() throws Exception {
        var r = overhead.run("run", "--runs", "2", "--format", "json", "--shell", "sleep 31.4159 & exit 0");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(JSON.readTree(r.stdout()).path("warnings").toString())
                .contains("'/bin/sh -c sleep 31.4159 & exit 0' left processes running when it ended");
        assertThat(commandLines()).as("no background sleep left running").noneMatch(c -> c.contains("31.4159"));
    }

    @Test
    void aBackgroundChildThatIgnoresTermHupAndIntIsEndedAndNamed() throws Exception {
        // issue 33, case 9: deaf to the polite signals and out of the command's process group, it is still
        // ended (the run's cgroup, else SIGKILL after the grace), and the warning says it was there
        String deaf = "setsid sh -c 'trap \"\" TERM HUP INT; sleep 27.1828' & exit 0";
        var r = overhead.run("run", "--runs", "2", "--format", "json", "--shell", deaf);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(JSON.readTree(r.stdout()).path("warnings").toString())
                .contains("left processes running when it ended");
        assertThat(commandLines()).as("no deaf background sleep left running").noneMatch(c -> c.contains("27.1828"));
    }

    /** The command line of every process this test may read. */
    private static java.util.List<String> commandLines() throws java.io.IOException {
        try (var procs = Files.list(Path.of("/proc"))) {
            return procs.map(p -> p.resolve("cmdline"))
                    .filter(Files::isReadable)
                    .map(f -> {
                        try {
                            return new String(Files.readAllBytes(f)).replace('\0', ' ');
                        } catch (java.io.IOException e) {
                            return "";
                        }
                    })
                    .toList();
        }
    }
}
