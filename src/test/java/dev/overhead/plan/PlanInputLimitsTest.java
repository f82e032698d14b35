package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.overhead.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 33.12: plans that ran for minutes, hung or overflowed instead of being refused up front. */
@Processes
class PlanInputLimitsTest {
    @TempDir
    Path tmp;

    @Test
    void aDurationBeyondTenYearsIsRefusedNotOverflowed() {
        assertThat(Durations.parse("3650d")).isEqualTo(Duration.ofDays(3650));
        for (String huge : new String[] {
            "9999999999d", "99999999999999d", "3651d", "87601h", "1e3d".replace("1e3", "1" + "0".repeat(40))
        }) {
            assertThatThrownBy(() -> Durations.parse(huge))
                    .as(huge)
                    .isInstanceOf(SpecException.class)
                    .hasMessage("the duration '" + huge + "' is longer than overhead takes anywhere (3650d, ten"
                            + " years): give a shorter one.");
        }
    }

    @Test
    void aPlansTimeoutBeyondTheMaximumIsRefusedWithItsPlace() {
        assertThatThrownBy(() -> PlanReader.parse(
                        Path.of("p.yaml"), "timeout: 9999999999d\nworkloads: [{name: t, command: 'true'}]"))
                .isInstanceOf(PlanException.class)
                .hasMessage("p.yaml:1:10: timeout: the duration '9999999999d' is longer than overhead takes anywhere"
                        + " (3650d, ten years): give a shorter one.");
    }

    @Test
    void parametersThatMultiplyToAMillionInstancesAreRefusedAtOnce() {
        String values = IntStream.range(0, 100).mapToObj(Integer::toString).collect(Collectors.joining(", "));
        String plan = "workloads:\n  - name: sweep\n    command: [echo, '{a}', '{b}', '{c}']\n"
                + "    parameters: {a: [" + values + "], b: [" + values + "], c: [" + values + "]}\n";
        assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> assertThatThrownBy(() -> PlanReader.parse(Path.of("p.yaml"), plan))
                        .isInstanceOf(PlanException.class)
                        .hasMessage(
                                "p.yaml:4:17: the parameters of workload 'sweep' make 1000000 combinations, and a plan"
                                        + " may have at most 1000 workload instances in all: sweep fewer values, or split the study"
                                        + " into several plans"));
        // at the limit, counted over every workload of the plan
        String ten = IntStream.range(0, 10).mapToObj(Integer::toString).collect(Collectors.joining(", "));
        String atLimit = "workloads:\n  - name: x\n    command: [echo, '{a}', '{b}', '{c}']\n" + "    parameters: {a: ["
                + ten + "], b: [" + ten + "], c: [" + ten + "]}\n";
        assertThat(assertTimeoutPreemptively(Duration.ofSeconds(20), () -> PlanReader.parse(Path.of("p.yaml"), atLimit))
                        .workloads())
                .hasSize(1000);
        assertThatThrownBy(() -> PlanReader.parse(
                        Path.of("p.yaml"),
                        atLimit + "  - name: one\n    command: [echo, '{d}']\n    parameters: {d: [1, 2]}\n"))
                .hasMessageContaining("make 2 combinations, and a plan may have at most 1000 workload instances in all"
                        + " (1000 before this one)");
    }

    @Test
    void aPlanThatIsANamedPipeIsRefusedWithoutBlocking() throws Exception {
        Path fifo = tmp.resolve("plan.yaml");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> assertThatThrownBy(() -> PlanReader.read(fifo))
                        .isInstanceOf(PlanException.class)
                        .hasMessage(fifo
                                + ": not a regular file (a pipe, a device or a directory): give --plan a YAML file"));
        assertThat(Files.exists(fifo)).isTrue();
    }
}
