package dev.overhead.why;

import dev.overhead.exec.Unmeasured;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small probes of the tools {@code why} runs (not measured runs: those go through the executor). */
final class Tools {
    private Tools() {}

    record Result(int code, String output) {
        String lastLine() {
            String[] lines = output.strip().split("\n");
            return lines.length == 0 || lines[lines.length - 1].isBlank()
                    ? "exit code " + code
                    : lines[lines.length - 1].strip();
        }
    }

    static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return true;
            }
        }
        return false;
    }

    static boolean root() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.split("\\s+")[2].equals("0"); // the effective uid
                }
            }
        } catch (IOException e) {
            // not Linux: no root, no kernel samples
        }
        return false;
    }

    static boolean succeeds(List<String> argv) {
        return run(argv).code() == 0;
    }

    static Result run(List<String> argv) {
        try {
            Unmeasured.Result r = Unmeasured.of(argv)
                    .stderr(Unmeasured.Output.MERGE)
                    .timeout(java.time.Duration.ofSeconds(30))
                    .run();
            return new Result(r.timedOut() ? 124 : r.exitCode(), r.stdout());
        } catch (Unmeasured.NotStarted e) {
            return new Result(127, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(130, "interrupted");
        }
    }
}
