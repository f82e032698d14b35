package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Poll;
import dev.overhead.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one build runner, on real shells: its environment, its log, how it tells a failure, and Ctrl-C. */
@Processes
class BuildShellTest {
    @TempDir
    Path dir;

    @Test
    void aBuildRunsInItsDirectoryWithItsEnvironmentAndCcSetAndItsOutputLogged() throws Exception {
        Path log = dir.resolve("build.log");
        var ended = new BuildShell()
                .run("echo \"$PWD $GREETING ${CC:-none}\"; echo to-stderr >&2", dir, Map.of("GREETING", "hi"), log);
        assertThat(ended.ok()).isTrue();
        assertThat(ended.message()).isNull();
        String cc = System.getenv().getOrDefault("CC", "cc");
        assertThat(Files.readString(log)).isEqualTo(dir + " hi " + cc + "\nto-stderr\n");
    }

    @Test
    void aFailedBuildSaysItsExitCodeAndTheLastLineItWrote() {
        var ended = new BuildShell()
                .run("echo compiling; echo 'error: no such file' >&2; exit 2", dir, Map.of(), dir.resolve("b.log"));
        assertThat(ended.exitCode()).isEqualTo(2);
        assertThat(ended.message()).isEqualTo("exited with code 2: error: no such file");
    }

    @Test
    void aBuildInADirectoryThatIsNotThereCouldNotStart() {
        var ended = new BuildShell().run("true", dir.resolve("gone"), Map.of(), dir.resolve("b.log"));
        assertThat(ended.exitCode()).isEqualTo(127);
        assertThat(ended.message()).startsWith("could not start (");
    }

    @Test
    void cancelEndsABuildAndWhatItStartedEvenWhenTheyIgnoreSigterm() throws Exception {
        BuildShell shell = new BuildShell();
        Path pid = dir.resolve("child.pid");
        var running = CompletableFuture.supplyAsync(() -> shell.run(
                "sh -c 'trap \"\" TERM; echo $$ > " + pid + "; while :; do sleep 1; done' & trap '' TERM; wait",
                dir,
                Map.of(),
                dir.resolve("b.log")));
        assertThat(Poll.until(
                        Duration.ofSeconds(20),
                        () -> Files.exists(pid) && !Files.readString(pid).isBlank()))
                .isTrue();
        long child = Long.parseLong(Files.readString(pid).strip());
        shell.cancel();
        var ended = running.get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(ended.ok()).isFalse();
        assertThat(Poll.until(
                        Duration.ofSeconds(10),
                        () -> ProcessHandle.of(child).map(h -> !h.isAlive()).orElse(true)))
                .as("the build's own child, deaf to SIGTERM, is killed")
                .isTrue();
        assertThat(shell.run("true", dir, Map.of(), dir.resolve("c.log")).message())
                .as("after a cancel, nothing more is built")
                .isEqualTo("was interrupted");
    }
}
