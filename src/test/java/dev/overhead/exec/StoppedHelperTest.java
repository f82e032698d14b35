package dev.overhead.exec;

import static dev.overhead.exec.Commands.req;
import static dev.overhead.exec.Commands.withTimeout;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Poll;
import dev.overhead.Processes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A command that stops the forking helper cannot hang the study (issue 33, case 2): the timeout and a
 * cancel still end the run, through the JVM's watchdog, which wakes the helper or ends it.
 */
@Processes
class StoppedHelperTest {
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
    @Timeout(30)
    void aCommandThatStopsTheHelperStillTimesOut() throws Exception {
        long t0 = System.nanoTime();
        ExecResult r =
                executor.run(withTimeout(List.of("sh", "-c", "kill -STOP $PPID; sleep 30"), Duration.ofSeconds(1)));
        assertThat(r.timedOut()).isTrue();
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10);
        assertThat(executor.run(req(List.of("true"))).exitCode())
                .as("the helper, woken, serves the next run")
                .isZero();
    }

    @Test
    @Timeout(30)
    void aCommandThatStopsTheHelperOverAndOverNeverHangsTheStudy() throws Exception {
        // Either ending is right: the helper, woken, reports the run timed out; or, stopped again before it
        // could answer (on a loaded machine the loop wins the race), it is ended with a sentence. What must
        // not happen is the hang this test's @Timeout would catch.
        try {
            ExecResult r = executor.run(
                    withTimeout(List.of("sh", "-c", "while :; do kill -STOP $PPID; done"), Duration.ofSeconds(1)));
            assertThat(r.timedOut()).isTrue();
        } catch (ExecException e) {
            assertThat(e.getMessage()).contains("the forking helper was stopped");
        }
    }

    @Test
    @Timeout(30)
    void aHelperThatDoesNotAnswerOnceWokenIsEndedWithASentence() throws Exception {
        Process silent = new ProcessBuilder("sleep", "60").start(); // stands in for a helper that never answers
        try (Watchdog watchdog = new Watchdog(silent)) {
            new ProcessBuilder("kill", "-STOP", Long.toString(silent.pid()))
                    .start()
                    .waitFor();
            watchdog.started(Duration.ofMillis(1));
            assertThat(silent.waitFor(15, TimeUnit.SECONDS)).isTrue();
            assertThat(watchdog.ended()).contains("the forking helper was stopped");
        } finally {
            silent.destroyForcibly();
        }
    }

    @Test
    @Timeout(30)
    void aCancelReachesACommandThatStoppedTheHelper() throws Exception {
        var run = CompletableFuture.supplyAsync(() -> {
            try {
                return executor.run(req(List.of("sh", "-c", "kill -STOP $PPID; sleep 30")));
            } catch (ExecException e) {
                return null;
            }
        });
        assertThat(Poll.until(Duration.ofSeconds(10), () -> Watchdog.stopped(executor.helperPid())))
                .as("the command stopped the helper")
                .isTrue();
        executor.cancel();
        ExecResult r = run.get(15, TimeUnit.SECONDS);
        assertThat(r).isNotNull();
        assertThat(r.signal()).isNotNull();
    }
}
