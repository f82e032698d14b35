package dev.overhead.exec;

import static dev.overhead.exec.Commands.captured;
import static dev.overhead.exec.Commands.req;
import static dev.overhead.exec.Commands.withTimeout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.Poll;
import dev.overhead.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the measured command sees and how its end is handled, through the forking helper. */
@Processes
class NativeExecutorHygieneTest {
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

    static ExecRequest full(
            List<String> argv, Map<String, String> env, List<Integer> cpus, Integer nice, boolean noAslr) {
        return ExecRequest.builder(argv)
                .env(env)
                .captureBytes(4096)
                .cpus(cpus)
                .nice(nice)
                .noAslr(noAslr)
                .build();
    }

    @Test
    void exitCodeIsRecordedWithoutSignal() throws Exception {
        ExecResult r = executor.run(req(List.of("sh", "-c", "exit 3")));
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.signal()).isNull();
        assertThat(r.timedOut()).isFalse();
    }

    @Test
    void deathBySignalIsRecordedAs128PlusN() throws Exception {
        ExecResult r = executor.run(req(List.of("sh", "-c", "kill -9 $$")));
        assertThat(r.exitCode()).isEqualTo(137);
        assertThat(r.signal()).isEqualTo(9);
    }

    @Test
    void timeoutKillsTheWholeProcessGroupInAboutTheTimeout() throws Exception {
        ExecResult r = Commands.timesOutWithItsGroup(executor, dir);
        assertThat(r.signal()).isEqualTo(15);
    }

    @Test
    void aCommandIgnoringSigtermIsKilledAfterTheGrace() throws Exception {
        ExecResult r = executor.run(withTimeout(List.of("sh", "-c", "trap '' TERM; sleep 10"), Duration.ofMillis(200)));
        assertThat(r.timedOut()).isTrue();
        assertThat(r.wallS()).isBetween(0.7, 1.5);
    }

    @Test
    void cancelKillsTheRunInFlightAndRunReturns() throws Exception {
        Path started = dir.resolve("cancel.started");
        var running = CompletableFuture.supplyAsync(() -> {
            try {
                return executor.run(req(List.of("sh", "-c", "sleep 10 & echo go > " + started + "; sleep 10")));
            } catch (ExecException e) {
                throw new RuntimeException(e);
            }
        });
        // cancel once the command runs: a cancel between runs is ignored by design
        assertThat(Poll.until(Duration.ofSeconds(10), () -> Files.exists(started)))
                .as("the command started")
                .isTrue();
        executor.cancel();
        ExecResult r = running.get(5, TimeUnit.SECONDS);
        assertThat(r.signal()).isEqualTo(9);
        assertThat(r.wallS()).isLessThan(3);
        assertThat(executor.run(req(List.of("true"))).exitCode())
                .as("usable after a cancel")
                .isZero();
    }

    @Test
    void fiftyMegabytesOfOutputKeepOnlyTheLastBytes() throws Exception {
        ExecResult r = executor.run(Commands.flood(50_000_000, 1024));
        assertThat(r.stdout()).hasSize(1024).endsWith("END");
        assertThat(helperPeakKib()).as("helper's peak RSS, KiB").isLessThan(8 * 1024);
    }

    @Test
    void theEndOfStderrIsKeptForErrorMessages() throws Exception {
        ExecResult r = executor.run(req(List.of("sh", "-c", "echo first >&2; echo 'it broke' >&2; exit 1")));
        assertThat(r.stderrTail()).isEqualTo("first\nit broke\n");
        assertThat(r.stdout()).isEmpty();
    }

    @Test
    void outputToAFileIsAppended() throws Exception {
        Path file = dir.resolve("out.log");
        Files.writeString(file, "before\n");
        var request = ExecRequest.builder(List.of("sh", "-c", "echo out; echo err >&2"))
                .output(new OutputPolicy.ToFile(file))
                .build();
        ExecResult r = executor.run(request);
        assertThat(Files.readString(file)).startsWith("before\n").contains("out\n", "err\n");
        assertThat(r.stderrTail()).isEqualTo("err\n");
    }

    @Test
    void onlyStandardFileDescriptorsAreInherited() throws Exception {
        ExecResult r = executor.run(captured(List.of("ls", "/proc/self/fd")));
        assertThat(r.stdout().strip().split("\n")).containsExactly("0", "1", "2", "3"); // 3: ls's own listing
    }

    @Test
    void stdinIsDevNull() throws Exception {
        ExecResult r = executor.run(captured(List.of("readlink", "/proc/self/fd/0")));
        assertThat(r.stdout().strip()).isEqualTo("/dev/null");
    }

    @Test
    void theCommandLeadsItsOwnProcessGroupWithDefaultSignals() throws Exception {
        ExecResult r = executor.run(
                captured(List.of("sh", "-c", "ps -o pid=,pgid= -p $$; grep -E 'SigIgn|SigBlk' /proc/self/status")));
        String[] ids = r.stdout().lines().findFirst().orElseThrow().trim().split("\\s+");
        assertThat(ids[0]).isEqualTo(ids[1]);
        assertThat(r.stdout()).contains("SigBlk:\t0000000000000000", "SigIgn:\t0000000000000000");
    }

    @Test
    void aMissingCommandIsAnExecExceptionNamingIt() {
        Commands.refusesAMissingCommand(executor);
    }

    @Test
    void aFileWithoutExecutePermissionIsRefused() throws Exception {
        Path script = Files.writeString(dir.resolve("not-exec.sh"), "#!/bin/sh\n");
        assertThatThrownBy(() -> executor.run(req(List.of(script.toString()))))
                .isInstanceOf(ExecException.class)
                .hasMessageStartingWith("command not executable: ");
    }

    @Test
    void aMissingWorkingDirectoryIsRefused() {
        var request = ExecRequest.builder(List.of("true"))
                .workDir(dir.resolve("missing"))
                .build();
        assertThatThrownBy(() -> executor.run(request))
                .isInstanceOf(ExecException.class)
                .hasMessageContaining("cannot change to directory");
    }

    @Test
    void theWorkingDirectoryIsUsed() throws Exception {
        var request = ExecRequest.builder(List.of("pwd"))
                .workDir(dir)
                .captureBytes(100)
                .build();
        assertThat(executor.run(request).stdout().strip())
                .isEqualTo(dir.toRealPath().toString());
    }

    @Test
    void environmentAdditionsAreSetDirectly() throws Exception {
        ExecResult r = executor.run(
                full(List.of("sh", "-c", "echo \"$FOO|$HOME\""), Map.of("FOO", "bar baz"), List.of(), null, false));
        assertThat(r.stdout().strip()).isEqualTo("bar baz|" + System.getenv("HOME"));
    }

    @Test
    void pinningRestrictsTheCpus() throws Exception {
        ExecResult r = executor.run(
                full(List.of("grep", "Cpus_allowed_list", "/proc/self/status"), Map.of(), List.of(0), null, false));
        assertThat(r.stdout().strip()).isEqualTo("Cpus_allowed_list:\t0");
    }

    @Test
    void noAslrSetsAddrNoRandomize() throws Exception {
        ExecResult r = executor.run(full(List.of("cat", "/proc/self/personality"), Map.of(), List.of(), null, true));
        assertThat(Integer.parseInt(r.stdout().strip(), 16) & 0x0040000).isEqualTo(0x0040000);
        ExecResult plain =
                executor.run(full(List.of("cat", "/proc/self/personality"), Map.of(), List.of(), null, false));
        assertThat(Integer.parseInt(plain.stdout().strip(), 16) & 0x0040000).isZero();
    }

    @Test
    void niceIsSetInTheChild() throws Exception {
        ExecResult r = executor.run(full(List.of("nice"), Map.of(), List.of(), 7, false));
        assertThat(r.stdout().strip()).isEqualTo("7");
    }

    private static long helperPeakKib() throws Exception {
        return Files.readAllLines(Path.of("/proc", Long.toString(executor.helperPid()), "status")).stream()
                .filter(l -> l.startsWith("VmHWM:"))
                .map(l -> l.replaceAll("\\D", ""))
                .mapToLong(Long::parseLong)
                .findFirst()
                .orElseThrow();
    }
}
