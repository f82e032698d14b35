package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.Poll;
import dev.overhead.Processes;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The one way overhead runs a command for itself, on real processes: capture, input, timeout, refusal. */
@Processes
class UnmeasuredTest {
    @TempDir
    Path dir;

    @Test
    void theExitCodeAndBothStreamsAreKeptApartInTheirDirectoryAndEnvironment() throws Exception {
        Unmeasured.Result r = Unmeasured.of("/bin/sh", "-c", "echo \"$PWD $GREETING\"; echo oops >&2; exit 3")
                .in(dir)
                .env("GREETING", "hi")
                .run();
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.stdout()).isEqualTo(dir + " hi\n");
        assertThat(r.stderr()).isEqualTo("oops\n");
        assertThat(r.timedOut()).isFalse();
        assertThat(r.succeeded()).isFalse();
        assertThat(r.lastErrorLine()).isEqualTo("oops");
    }

    @Test
    void stderrMergedComesInTheOrderWrittenAndInputIsEmpty() throws Exception {
        Unmeasured.Result r = Unmeasured.of("/bin/sh", "-c", "echo a; echo b >&2; echo c; cat; echo end")
                .stderr(Unmeasured.Output.MERGE)
                .run();
        assertThat(r.stdout()).isEqualTo("a\nb\nc\nend\n"); // cat read /dev/null, not overhead's stdin
        assertThat(r.stderr()).isEmpty();
        assertThat(r.succeeded()).isTrue();
    }

    /** A pipe that fills before anyone reads it stalls the writer: both streams are read while it runs. */
    @Test
    @Timeout(60)
    void megabytesOnBothStreamsDoNotStallTheCommand() throws Exception {
        Unmeasured.Result r = Unmeasured.of(
                        "/bin/sh",
                        "-c",
                        "head -c 3000000 /dev/zero | tr '\\0' e >&2; head -c 2000000 /dev/zero | tr '\\0' o")
                .run();
        assertThat(r.succeeded()).isTrue();
        assertThat(r.stdout()).hasSize(2_000_000);
        assertThat(r.stderr()).hasSize(3_000_000);
    }

    /** At its timeout the command and what it started are killed, and what it wrote until then is kept. */
    @Test
    @Timeout(60)
    void aCommandPastItsTimeoutIsKilledWithItsChildrenAndKeepsWhatItWrote() throws Exception {
        Path pid = dir.resolve("child.pid");
        Unmeasured.Result r = Unmeasured.of("/bin/sh", "-c", "echo started; sleep 600 & echo $! > " + pid + "; wait")
                .timeout(Duration.ofMillis(500))
                .run();
        assertThat(r.timedOut()).isTrue();
        assertThat(r.succeeded()).isFalse();
        assertThat(r.exitCode()).isEqualTo(-1);
        assertThat(r.stdout()).isEqualTo("started\n");
        long child = Long.parseLong(Files.readString(pid).strip());
        // the sleep the command started is killed with it
        assertThat(Poll.until(
                        Duration.ofSeconds(20),
                        () -> ProcessHandle.of(child).map(h -> !h.isAlive()).orElse(true)))
                .isTrue();
    }

    @Test
    void aProgramThatIsNotThereIsOneSentenceNamingIt() {
        assertThatThrownBy(() ->
                        Unmeasured.of("no-such-program-overhead", "--version").run())
                .isInstanceOf(Unmeasured.NotStarted.class)
                .hasMessage("no-such-program-overhead could not be started (No such file or directory)")
                .satisfies(
                        e -> assertThat(((Unmeasured.NotStarted) e).program()).isEqualTo("no-such-program-overhead"));
        Path notExecutable = dir.resolve("script");
        assertThatThrownBy(() -> {
                    Files.writeString(notExecutable, "echo hi\n");
                    Unmeasured.of(notExecutable.toString()).run();
                })
                .isInstanceOf(Unmeasured.NotStarted.class)
                .hasMessage(notExecutable + " could not be started (Permission denied)");
    }

    @Test
    void aStreamIsReadAsItComesAndAFileTakesBothStreams() throws Exception {
        try (Unmeasured.Running r =
                Unmeasured.of("seq", "1", "5").stdout(Unmeasured.Output.STREAM).start()) {
            List<String> lines;
            try (BufferedReader in = new BufferedReader(new InputStreamReader(r.stdout(), StandardCharsets.UTF_8))) {
                lines = in.lines().toList();
            }
            assertThat(lines).containsExactly("1", "2", "3", "4", "5");
            assertThat(r.await(Duration.ofSeconds(30)).exitCode()).isZero();
        }
        Path log = dir.resolve("log");
        Unmeasured.of("/bin/sh", "-c", "echo out; echo err >&2").outputTo(log).run();
        assertThat(Files.readString(log)).isEqualTo("out\nerr\n");
    }

    /** Closing a started command that still runs ends it: nothing overhead started outlives its use. */
    @Test
    @Timeout(60)
    void closingARunningCommandEndsIt() throws Exception {
        Process p;
        try (Unmeasured.Running r = Unmeasured.of("sleep", "600").start()) {
            p = r.process();
            assertThat(p.isAlive()).isTrue();
        }
        assertThat(p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    }
}
