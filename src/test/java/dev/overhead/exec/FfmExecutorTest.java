package dev.overhead.exec;

import static dev.overhead.exec.Commands.BUSY;
import static dev.overhead.exec.Commands.captured;
import static dev.overhead.exec.Commands.req;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.overhead.Processes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fallback without a C compiler: posix_spawnp + wait4 from the JVM. */
@Processes
class FfmExecutorTest {
    static FfmExecutor executor;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() {
        executor = new FfmExecutor("no C compiler");
    }

    @AfterAll
    static void stop() {
        executor.close();
    }

    @Test
    void saysItsPeakMemoryIsNotTheCommandsOwn() throws Exception {
        ExecResult r = executor.run(req(List.of("/bin/true")));
        assertThat(executor.exactMaxRss()).isFalse();
        assertThat(r.maxRssExact()).isFalse();
        assertThat(executor.describe()).isEqualTo("FFM posix_spawn (no C compiler)");
    }

    @Test
    void cpuTimeEqualsGnuTimeOnTheSameRun() throws Exception {
        Commands.assumeGnuTime();
        Path report = dir.resolve("busy.time");
        ExecResult ours = executor.run(req(Commands.underGnuTime(report, BUSY)));
        var gnu = Commands.readGnuTime(report);
        assertThat(ours.userS() + ours.sysS()).isCloseTo(gnu.cpuS(), within(Math.max(0.005, 0.02 * gnu.cpuS()) + 0.02));
        assertThat(ours.minorFaults()).isGreaterThanOrEqualTo(gnu.minorFaults());
    }

    @Test
    void exitCodesAndSignalsAreRecorded() throws Exception {
        assertThat(executor.run(req(List.of("sh", "-c", "exit 3"))).exitCode()).isEqualTo(3);
        ExecResult killed = executor.run(req(List.of("sh", "-c", "kill -9 $$")));
        assertThat(killed.exitCode()).isEqualTo(137);
        assertThat(killed.signal()).isEqualTo(9);
    }

    @Test
    void timeoutKillsTheProcessGroup() throws Exception {
        Commands.timesOutWithItsGroup(executor, dir);
    }

    @Test
    void childSeesOnlyStandardFdsAndDefaultSignals() throws Exception {
        assertThat(executor.run(captured(List.of("ls", "/proc/self/fd")))
                        .stdout()
                        .strip()
                        .split("\n"))
                .containsExactly("0", "1", "2", "3");
        ExecResult r = executor.run(captured(List.of("grep", "-E", "SigBlk|SigIgn", "/proc/self/status")));
        assertThat(r.stdout()).contains("SigBlk:\t0000000000000000");
        // posix_spawn cannot reset glibc's own signals 32 and 33 (an ancestor may leave them
        // ignored; glibc programs install their handlers anyway); signals 1-31 must be default.
        long ignored = Long.parseLong(
                r.stdout()
                        .lines()
                        .filter(l -> l.startsWith("SigIgn:"))
                        .findFirst()
                        .orElseThrow()
                        .substring(7)
                        .strip(),
                16);
        assertThat(ignored & 0x7fffffffL).isZero();
    }

    @Test
    void largeOutputKeepsTheTailOnly() throws Exception {
        assertThat(executor.run(Commands.flood(20_000_000, 512)).stdout())
                .hasSize(512)
                .endsWith("END");
    }

    @Test
    void pinNoAslrNiceAndEnvironmentReachTheCommand() throws Exception {
        var request = ExecRequest.builder(List.of(
                        "sh",
                        "-c",
                        "grep Cpus_allowed_list /proc/self/status; cat /proc/self/personality; nice; echo $FOO"))
                .env(Map.of("FOO", "bar"))
                .captureBytes(4096)
                .cpus(List.of(0))
                .nice(3)
                .noAslr(true)
                .build();
        String[] lines = executor.run(request).stdout().strip().split("\n");
        assertThat(lines[0]).isEqualTo("Cpus_allowed_list:\t0");
        assertThat(Integer.parseInt(lines[1], 16) & 0x0040000).isEqualTo(0x0040000);
        assertThat(lines[2]).isEqualTo("3");
        assertThat(lines[3]).isEqualTo("bar");
    }

    @Test
    void aMissingCommandIsAnExecExceptionNamingIt() {
        Commands.refusesAMissingCommand(executor);
    }

    @Test
    void stderrTailIsKept() throws Exception {
        assertThat(executor.run(req(List.of("sh", "-c", "echo oops >&2; exit 1")))
                        .stderrTail())
                .isEqualTo("oops\n");
    }

    @Test
    void whatACommandLeavesRunningIsKilledAndSaid() throws Exception {
        ExecResult r = executor.run(captured(List.of("sh", "-c", "sleep 30 & echo $!; exit 0")));
        assertThat(r.leftBehind()).isTrue();
        assertThat(Commands.gone(Long.parseLong(r.stdout().strip())))
                .as("the background sleep is killed")
                .isTrue();
        assertThat(executor.run(req(List.of("true"))).leftBehind()).isFalse();
    }
}
