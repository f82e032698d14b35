package dev.overhead;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The machine's own programs, for twin tests that compare what overhead reads with what the system says. A missing
 * program skips with the package to install ({@link SkipLedger} turns that into a failure under CI).
 */
public final class Tool {
    private Tool() {}

    /** Skips unless {@code program} is on PATH. */
    public static void require(String program) {
        requirePresent(succeeds("sh", "-c", "command -v " + program), program);
    }

    /** Skips unless {@code present}, naming {@code what} is missing (say which package gives it). */
    public static void requirePresent(boolean present, String what) {
        assumeTrue(present, () -> what + " is not installed here (apt-get install it; .ci/run does)");
    }

    public static boolean isRoot() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .anyMatch(l -> l.matches("Uid:\\s+\\d+\\s+0\\s.*")); // the effective uid
        } catch (IOException e) {
            return false;
        }
    }

    /** What the command prints on stdout; a non-zero exit fails the test with its stderr. */
    public static String output(String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError(String.join(" ", argv) + " failed: " + err.strip());
        }
        return out;
    }

    public static boolean succeeds(String... argv) {
        try {
            Process p = new ProcessBuilder(argv)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
