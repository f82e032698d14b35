package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --counters} through the forking helper: the counted start (fork) and what it returns. */
class NativeExecutorCountersTest {
    static NativeExecutor executor;
    @TempDir static Path dir;

    @BeforeAll
    static void start() throws Exception {
        Commands.assumeCompiler();
        executor = NativeExecutor.start();
    }

    @AfterAll
    static void stop() {
        if (executor != null) executor.close();
    }

    static ExecRequest counted(List<String> argv) {
        return counted(argv, Map.of(), null, null);
    }

    static ExecRequest counted(List<String> argv, Map<String, String> env, Path workDir, Duration timeout) {
        return new ExecRequest(argv, env, workDir, timeout, new OutputPolicy.Discard(), 4096, List.of(), null, false, true);
    }

    @Test
    void theCountersFlagRoundTripsThroughTheHelper() throws Exception {
        // If the helper read the flag byte wrongly, the requests after the first would be garbled.
        for (boolean asked : new boolean[] {true, false, true, true, false}) {
            ExecResult r = executor.run(new ExecRequest(List.of("true"), Map.of(), null, null,
                    new OutputPolicy.Discard(), 0, List.of(), null, false, asked));
            assertThat(r.exitCode()).isZero();
            if (asked) {
                assertThat(r.counters()).as("counted or said why not").isNotEqualTo(Counters.NONE);
                assertThat(r.counters().values().keySet()).isSubsetOf("instructions", "cycles");
                assertThat(r.counters().values().size() == 2 || r.counters().missing() != null).isTrue();
            } else {
                assertThat(r.counters()).isEqualTo(Counters.NONE);
            }
        }
        assertThat(NativeExecutor.encode(ExecRequest.of(List.of("true")))).endsWith(0);
    }

    @Test
    void withoutHardwareCountersTheyAreAbsentWithOneReason() throws Exception {
        assumeFalse(HardwareCounters.available(), "this machine has hardware counters (perf stat counts instructions:u)");
        ExecResult r = executor.run(counted(Commands.BUSY));
        assertThat(r.exitCode()).isZero();
        assertThat(r.counters().values()).isEmpty();
        assertThat(r.counters().missing()).startsWith("hardware counters are not available here: perf_event_open");
        assertThat(r.userS() + r.sysS()).as("the run is measured as usual").isGreaterThan(0.05);
    }

    @Test
    void theCountedStartRunsTheCommandAsTheDefaultOneDoes() throws Exception {
        ExecResult r = executor.run(counted(List.of("sh", "-c", "echo \"$FOO\" $(pwd); exit 3"), Map.of("FOO", "bar"),
                dir, null));
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.stdout().strip()).isEqualTo("bar " + dir.toRealPath());
        ExecResult killed = executor.run(counted(List.of("sh", "-c", "kill -9 $$")));
        assertThat(killed.signal()).isEqualTo(9);
        ExecResult sleep = executor.run(counted(List.of("sleep", "0.05")));
        assertThat(sleep.wallS()).isBetween(0.049, 0.08);
    }

    @Test
    void theCountedStartReportsWhyTheCommandCouldNotStart() {
        assertThatThrownBy(() -> executor.run(counted(List.of("no-such-command-overhead"))))
                .isInstanceOf(ExecException.class).hasMessageStartingWith("command not found: ");
        assertThatThrownBy(() -> executor.run(counted(List.of("true"), Map.of(), dir.resolve("missing"), null)))
                .isInstanceOf(ExecException.class).hasMessageContaining("cannot change to directory");
    }

    @Test
    void theCountedStartTimesOut() throws Exception {
        ExecResult r = executor.run(counted(List.of("sleep", "10"), Map.of(), null, Duration.ofMillis(200)));
        assertThat(r.timedOut()).isTrue();
        assertThat(r.wallS()).isBetween(0.19, 1.0);
    }

    @Test
    void instructionsAgreeWithPerfStatWithinTwoPercent() throws Exception {
        assumeTrue(HardwareCounters.available(),
                "no hardware counters here: perf stat -e instructions:u says <not supported> (a VM without a PMU)");
        // The helper counts the kernel too where it may; perf stat is told the same.
        String event = HardwareCounters.kernelCounted() ? "instructions" : "instructions:u";
        double[] ours = new double[5];
        double[] perf = new double[5];
        for (int i = 0; i < 5; i++) {
            ours[i] = executor.run(counted(Commands.BUSY)).counters().values().get("instructions");
            perf[i] = HardwareCounters.perfStat(event, Commands.BUSY).orElseThrow();
        }
        // perf stat's own fork and exec are outside its count as ours are outside ours; medians damp the rest.
        assertThat(median(ours)).isCloseTo(median(perf), within(median(perf) * 0.02));
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
