package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.overhead.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counters' plumbing (opened on the forked child, enabled at its exec, inherited by its
 * children, read after it is reaped) checked on any machine: a build of the helper with
 * -DOVERHEAD_COUNTERS_SOFTWARE counts task-clock under the name "instructions", which the
 * kernel has without a PMU, and which must agree with the CPU time wait4 reports.
 */
@Processes
class NativeCountersMechanismTest {
    static NativeExecutor executor;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        Commands.assumeCompiler();
        executor = NativeExecutor.start(softwareBuild(dir));
    }

    @AfterAll
    static void stop() {
        if (executor != null) executor.close();
    }

    static Path softwareBuild(Path dir) throws ExecException, IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                NativeHelper.compiler().orElseThrow(),
                "-O2",
                "-DOVERHEAD_COUNTERS_SOFTWARE",
                "-o",
                dir.resolve("spawner-sw").toString()));
        for (var e : NativeHelper.sources().entrySet()) {
            Files.write(dir.resolve(e.getKey()), e.getValue());
            if (e.getKey().endsWith(".c")) cmd.add(dir.resolve(e.getKey()).toString());
        }
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        if (p.waitFor() != 0) throw new IOException("cannot compile the helper with software counters");
        return dir.resolve("spawner-sw");
    }

    static ExecRequest counted(List<String> argv) {
        return counted(argv, Map.of(), null, null);
    }

    static ExecRequest counted(List<String> argv, Map<String, String> env, Path workDir, Duration timeout) {
        return ExecRequest.builder(argv)
                .env(env)
                .workDir(workDir)
                .timeout(timeout)
                .captureBytes(4096)
                .counters(true)
                .build();
    }

    @Test
    void theCountCoversTheCommandAndItsChildrenAsWait4Does() throws Exception {
        // The busy loop runs in a subshell, a child of the measured shell: inherit must bring it in.
        List<String> argv = List.of("sh", "-c", "(" + Commands.BUSY.get(2) + "); true");
        ExecResult r = executor.run(counted(argv));
        assertThat(r.counters().missing()).isNull();
        double taskClockS = r.counters().values().get("instructions") / 1e9;
        double cpuS = r.userS() + r.sysS();
        assertThat(cpuS).isGreaterThan(0.05);
        assertThat(taskClockS).isCloseTo(cpuS, within(Math.max(0.01, cpuS * 0.1)));
    }

    @Test
    void nothingBeforeTheExecIsCounted() throws Exception {
        // A short command's count is small: the helper's fork and the child's setup come before the
        // exec that enables the counters.
        ExecResult r = executor.run(counted(List.of("true")));
        assertThat(r.counters().values().get("instructions") / 1e9).isLessThan(0.01);
        assertThat(r.counters().values()).containsKeys("instructions", "cycles");
    }

    @Test
    void theCountedStartRunsTheCommandAsTheDefaultOneDoes() throws Exception {
        ExecResult r = executor.run(
                counted(List.of("sh", "-c", "echo \"$FOO\" $(pwd); exit 3"), Map.of("FOO", "bar"), dir, null));
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.stdout().strip()).isEqualTo("bar " + dir.toRealPath());
        ExecResult killed = executor.run(counted(List.of("sh", "-c", "kill -9 $$")));
        assertThat(killed.signal()).isEqualTo(9);
        ExecResult sleep = executor.run(counted(List.of("sleep", "0.05")));
        assertThat(sleep.wallS()).as("timed, never below the sleep").isBetween(0.049, 1.0);
    }

    @Test
    void theCountedStartReportsWhyTheCommandCouldNotStart() {
        assertThatThrownBy(() -> executor.run(counted(List.of("no-such-command-overhead"))))
                .isInstanceOf(ExecException.class)
                .hasMessageStartingWith("command not found: ");
        assertThatThrownBy(() -> executor.run(counted(List.of("true"), Map.of(), dir.resolve("missing"), null)))
                .isInstanceOf(ExecException.class)
                .hasMessageContaining("cannot change to directory");
    }

    @Test
    void theCountedStartTimesOut() throws Exception {
        ExecResult r = executor.run(counted(List.of("sleep", "10"), Map.of(), null, Duration.ofMillis(200)));
        assertThat(r.timedOut()).isTrue();
        assertThat(r.wallS()).isBetween(0.19, 1.0);
    }
}
