package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Poll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Requests and outside references shared by the executor tests. */
final class Commands {
    static final Path GNU_TIME = Path.of("/usr/bin/time");
    /** ~0.3 s of CPU in the shell, no memory to speak of. */
    static final List<String> BUSY = List.of("sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done");

    private Commands() {}

    static ExecRequest req(List<String> argv) {
        return ExecRequest.of(argv);
    }

    static ExecRequest captured(List<String> argv) {
        return ExecRequest.builder(argv).captureBytes(4096).build();
    }

    static ExecRequest withTimeout(List<String> argv, Duration timeout) {
        return ExecRequest.builder(argv).timeout(timeout).build();
    }

    /** {@code bytes} zero bytes on stdout and then "END", of which the last {@code tail} bytes are kept. */
    static ExecRequest flood(int bytes, int tail) {
        return ExecRequest.builder(List.of("sh", "-c", "head -c " + bytes + " /dev/zero; printf END"))
                .captureBytes(tail)
                .build();
    }

    /**
     * Runs, with a timeout of 0.3 s, a shell that starts a background sleep and then sleeps itself, and
     * checks what every executor must do: the run timed out in about the timeout, and the background
     * sleep was killed with the command's process group.
     */
    static ExecResult timesOutWithItsGroup(Executor executor, Path dir) throws Exception {
        Path pidFile = dir.resolve("grandchild.pid");
        ExecResult r = executor.run(withTimeout(
                List.of("sh", "-c", "sleep 10 & echo $! > " + pidFile + "; sleep 10"), Duration.ofMillis(300)));
        assertThat(r.timedOut()).isTrue();
        assertThat(r.wallS()).isBetween(0.3, 0.8);
        Path grandchild = Path.of("/proc", Files.readString(pidFile).strip());
        assertThat(Poll.until(Duration.ofSeconds(5), () -> !Files.exists(grandchild)))
                .as("background sleep %s killed with its group", grandchild)
                .isTrue();
        return r;
    }

    /** A command not on PATH is an ExecException naming it, as every executor must say. */
    static void refusesAMissingCommand(Executor executor) {
        assertThatThrownBy(() -> executor.run(req(List.of("no-such-command-xyz"))))
                .isInstanceOf(ExecException.class)
                .hasMessageStartingWith("command not found: no-such-command-xyz");
    }

    static void assumeGnuTime() {
        assumeTrue(Files.isExecutable(GNU_TIME), "GNU time is not installed at /usr/bin/time (apt-get install time)");
    }

    static void assumeCompiler() {
        assumeTrue(
                NativeHelper.compiler().isPresent(),
                "no C compiler (cc, gcc, clang) on PATH to build the forking helper");
    }

    /** What GNU time said about one run: %e %U %S %M %R %F %c %w. */
    record GnuTime(
            double wallS,
            double userS,
            double sysS,
            long maxRssKib,
            long minorFaults,
            long majorFaults,
            long involuntaryCs,
            long voluntaryCs) {
        double cpuS() {
            return userS + sysS;
        }
    }

    /** The argv that runs {@code argv} under GNU time, its report going to {@code report}. */
    static List<String> underGnuTime(Path report, List<String> argv) {
        var all =
                new ArrayList<>(List.of(GNU_TIME.toString(), "-f", "%e %U %S %M %R %F %c %w", "-o", report.toString()));
        all.addAll(argv);
        return all;
    }

    static GnuTime readGnuTime(Path report) throws IOException {
        String[] lines = Files.readString(report).strip().split("\n");
        String[] f = lines[lines.length - 1].trim().split(" ");
        return new GnuTime(
                Double.parseDouble(f[0]),
                Double.parseDouble(f[1]),
                Double.parseDouble(f[2]),
                Long.parseLong(f[3]),
                Long.parseLong(f[4]),
                Long.parseLong(f[5]),
                Long.parseLong(f[6]),
                Long.parseLong(f[7]));
    }

    /** A tiny C program that allocates and touches {@code mib} MiB, built with the system compiler. */
    static Path allocator(Path dir, int mib) throws IOException, InterruptedException {
        Path src = dir.resolve("alloc.c");
        Path bin = dir.resolve("alloc");
        Files.writeString(src, """
                #include <stdlib.h>
                #include <string.h>
                int main(void) {
                    size_t n = (size_t)%d << 20;
                    char *p = malloc(n);
                    if (!p) return 1;
                    memset(p, 1, n);
                    volatile char *v = p;
                    return v[n - 1] == 1 ? 0 : 2;
                }
                """.formatted(mib));
        Process p = new ProcessBuilder(
                        NativeHelper.compiler().orElseThrow(), "-O0", "-o", bin.toString(), src.toString())
                .inheritIO()
                .start();
        if (p.waitFor() != 0) throw new IOException("cannot compile the allocation program");
        return bin;
    }

    /** Whether the process has ended within 5 s (a zombie waiting for its parent counts as ended). */
    static boolean gone(long pid) throws Exception {
        return Poll.until(Duration.ofSeconds(5), () -> {
            try {
                return Files.readString(Path.of("/proc", Long.toString(pid), "status"))
                        .contains("State:\tZ");
            } catch (IOException e) {
                return true; // no such process
            }
        });
    }
}
