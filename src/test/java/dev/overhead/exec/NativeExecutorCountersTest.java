package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --counters} through the forking helper as built for use. On a machine without hardware
 * counters the helper stops forking after the first run finds none, so the counted start itself is
 * tested in {@link NativeCountersMechanismTest}.
 */
@Processes
class NativeExecutorCountersTest {
    static NativeExecutor executor;

    @TempDir
    static Path dir;

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
        return NativeCountersMechanismTest.counted(argv, Map.of(), null, null);
    }

    @Test
    void theCountersFlagRoundTripsThroughTheHelper() throws Exception {
        // If the helper read the flag byte wrongly, the requests after the first would be garbled.
        for (boolean asked : new boolean[] {true, false, true, true, false}) {
            ExecResult r = executor.run(
                    ExecRequest.builder(List.of("true")).counters(asked).build());
            assertThat(r.exitCode()).isZero();
            if (asked) {
                assertThat(r.counters()).as("counted or said why not").isNotEqualTo(Counters.NONE);
                assertThat(r.counters().values().keySet()).isSubsetOf("instructions", "cycles");
                assertThat(r.counters().values().size() == 2 || r.counters().missing() != null)
                        .isTrue();
            } else {
                assertThat(r.counters()).isEqualTo(Counters.NONE);
            }
        }
        assertThat(WireCodec.encode(ExecRequest.of(List.of("true")))).endsWith(0);
    }

    @Test
    void withoutHardwareCountersTheyAreAbsentWithOneReason() throws Exception {
        assumeFalse(
                HardwareCounters.available(), "this machine has hardware counters (perf stat counts instructions:u)");
        ExecResult r = executor.run(counted(Commands.BUSY));
        assertThat(r.exitCode()).isZero();
        assertThat(r.counters().values()).isEmpty();
        assertThat(r.counters().missing()).startsWith("hardware counters are not available here: perf_event_open");
        assertThat(r.userS() + r.sysS()).as("the run is measured as usual").isGreaterThan(0.05);
        ExecResult again = executor.run(counted(Commands.BUSY));
        assertThat(again.counters()).as("the same reason, remembered").isEqualTo(r.counters());
    }

    @Test
    void instructionsAgreeWithPerfStatWithinTwoPercent() throws Exception {
        assumeTrue(
                HardwareCounters.available(),
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
