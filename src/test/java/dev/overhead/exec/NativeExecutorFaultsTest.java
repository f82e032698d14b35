package dev.overhead.exec;

import static dev.overhead.exec.Commands.captured;
import static dev.overhead.exec.Commands.req;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Poll;
import dev.overhead.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forking helper under faults: a shortage is an error for that run, not the helper's end; a
 * signal to overhead's group is not the helper's end either; what a command leaves behind is
 * killed; a helper killed with -9 takes its command along.
 */
@Processes
class NativeExecutorFaultsTest {
    private static final Path PRLIMIT = Path.of("/usr/bin/prlimit");

    @TempDir
    Path dir;

    NativeExecutor executor;

    @BeforeEach
    void start() throws Exception {
        Commands.assumeCompiler();
        executor = NativeExecutor.start();
    }

    @AfterEach
    void stop() {
        if (executor != null) executor.close();
    }

    @Test
    void outOfDescriptorsIsAnErrorForThatRunAndTheNextRunIsServed() throws Exception {
        assumeTrue(Files.isExecutable(PRLIMIT), "prlimit (util-linux) is missing");
        int open = openDescriptors();
        setSoftFdLimit(open); // not one more: the stderr pipe cannot be made
        assertThatThrownBy(() -> executor.run(req(List.of("true"))))
                .isInstanceOf(ExecException.class)
                .hasMessageContaining("cannot start true")
                .hasMessageContaining("Too many open files");
        assertThat(helperAlive()).isTrue();
        setSoftFdLimit(4096);
        assertThat(executor.run(req(List.of("sh", "-c", "exit 4"))).exitCode())
                .as("the next run, once descriptors are free again")
                .isEqualTo(4);
    }

    @Test
    void withoutADescriptorForThePidfdTheRunIsStillTimedRightly() throws Exception {
        assumeTrue(Files.isExecutable(PRLIMIT), "prlimit (util-linux) is missing");
        setSoftFdLimit(openDescriptors() + 2); // the stderr pipe, but no pidfd: poll looks every ms
        ExecResult r = executor.run(req(List.of("sleep", "0.1")));
        setSoftFdLimit(4096);
        assertThat(r.exitCode()).isZero();
        assertThat(r.wallS())
                .isBetween(0.099, 0.5); // a poll each second would show as >= 1 s; a loaded machine adds some
    }

    @Test
    void theHelperOutlivesSignalsSentToOverheadsGroup() throws Exception {
        for (String signal : List.of("TERM", "INT", "HUP", "QUIT")) {
            new ProcessBuilder("kill", "-" + signal, Long.toString(executor.helperPid()))
                    .start()
                    .waitFor();
        }
        assertThat(executor.run(req(List.of("true"))).exitCode()).isZero();
    }

    @Test
    void signalsToTheHelpersGroupNeverReachTheCommand() throws Exception {
        Path setsid = Path.of("/usr/bin/setsid");
        assumeTrue(Files.isExecutable(setsid), "setsid (util-linux) is missing");
        // A helper in a group of its own, so that the storm below does not hit this JVM's group; the
        // command is in that group from vfork until it leaves it, which is when a signal could slip in.
        Path wrapper = dir.resolve("in-own-group");
        Files.writeString(wrapper, "#!/bin/sh\nexec " + setsid + " " + NativeHelper.binary() + " \"$@\"\n");
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (NativeExecutor own = NativeExecutor.start(wrapper)) {
            int group = (int) own.helperPid();
            var stop = new java.util.concurrent.atomic.AtomicBoolean();
            Thread storm = new Thread(() -> {
                for (int i = 0; !stop.get(); i++) {
                    try {
                        int ignored = (int) Libc.KILL.invokeExact(-group, i % 2 == 0 ? 2 : 15);
                    } catch (Throwable e) {
                        throw new AssertionError(e);
                    }
                    java.util.concurrent.locks.LockSupport.parkNanos(10_000);
                }
            });
            storm.start();
            try {
                for (int i = 0; i < 300; i++) {
                    assertThat(own.run(req(List.of("true"))).signal())
                            .as("run %d", i)
                            .isNull();
                }
            } finally {
                stop.set(true);
                storm.join();
            }
        }
    }

    @Test
    void whatACommandLeavesRunningIsKilledAndSaid() throws Exception {
        ExecResult r = executor.run(captured(List.of("sh", "-c", "sleep 30 & echo $!; exit 0")));
        assertThat(r.exitCode()).isZero();
        assertThat(r.leftBehind()).isTrue();
        assertThat(Commands.gone(Long.parseLong(r.stdout().strip())))
                .as("the background sleep is killed")
                .isTrue();
        assertThat(executor.run(req(List.of("sh", "-c", "sleep 0.01 & wait"))).leftBehind())
                .as("a command that waits for its children leaves nothing")
                .isFalse();
    }

    @Test
    void aSetUpCommandMayLeaveAServerRunning() throws Exception {
        ExecResult r = executor.run(
                captured(List.of("sh", "-c", "sleep 30 & echo $!; exit 0")).keepingGroup());
        long pid = Long.parseLong(r.stdout().strip());
        try {
            assertThat(r.leftBehind()).isFalse();
            assertThat(Files.exists(Path.of("/proc", Long.toString(pid)))).isTrue();
        } finally {
            new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor();
        }
    }

    @Test
    void aHelperKilledWithNineTakesItsCommandAlong() throws Exception {
        Path pidFile = dir.resolve("pid");
        var running = CompletableFuture.runAsync(() -> {
            try {
                executor.run(req(List.of("sh", "-c", "echo $$ > " + pidFile + "; exec sleep 30")));
            } catch (ExecException e) {
                // expected: the helper is gone
            }
        });
        long pid = awaitPid(pidFile);
        new ProcessBuilder("kill", "-9", Long.toString(executor.helperPid()))
                .start()
                .waitFor();
        assertThat(Commands.gone(pid)).as("the command of a killed helper").isTrue();
        running.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aScriptWhoseInterpreterIsMissingNamesTheInterpreter() throws Exception {
        Path script = dir.resolve("script.sh");
        Files.writeString(script, "#!/no/such/interpreter -x\necho hi\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThatThrownBy(() -> executor.run(req(List.of(script.toString()))))
                .isInstanceOf(ExecException.class)
                .hasMessage("the interpreter /no/such/interpreter named on the #! line of " + script
                        + " was not found; install it or correct that line");
    }

    @Test
    void aMissingCommandIsStillNotFound() {
        assertThatThrownBy(() ->
                        executor.run(req(List.of(dir.resolve("nothing-here").toString()))))
                .hasMessageStartingWith("command not found: ");
    }

    private int openDescriptors() throws IOException {
        try (var fds = Files.list(Path.of("/proc", Long.toString(executor.helperPid()), "fd"))) {
            return (int) fds.count();
        }
    }

    private void setSoftFdLimit(int soft) throws Exception {
        int exit = new ProcessBuilder(
                        PRLIMIT.toString(), "--pid", Long.toString(executor.helperPid()), "--nofile=" + soft + ":")
                .inheritIO()
                .start()
                .waitFor();
        assertThat(exit).as("prlimit").isZero();
    }

    private boolean helperAlive() {
        return Files.exists(Path.of("/proc", Long.toString(executor.helperPid())));
    }

    private static long awaitPid(Path file) throws Exception {
        if (!Poll.until(
                Duration.ofSeconds(5),
                () -> Files.exists(file) && !Files.readString(file).isBlank())) {
            throw new AssertionError("the command did not start in 5 s");
        }
        return Long.parseLong(Files.readString(file).strip());
    }
}
