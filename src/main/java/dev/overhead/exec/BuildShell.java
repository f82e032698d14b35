package dev.overhead.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A build, unmeasured: a line run by {@code /bin/sh -c} in a directory, with its environment, its output (stdout and
 * stderr together) to a log, and its end told as an exit code and one phrase. The one build runner of
 * {@code overhead run}'s variant builds (run.VariantBuilds) and of {@code overhead bisect}'s steps (bisect.Builds).
 * {@link #cancel} from another thread (Ctrl-C) ends the build and all it started: SIGTERM, and a second later
 * SIGKILL for what is left (a build started with SIGTERM ignored, as under some CI runners, would otherwise run to
 * its end).
 */
public final class BuildShell {
    private volatile Process current;
    private volatile boolean cancelled; // a signal before the build started: it must not start at all

    /** How a build ended: 0 and no phrase, or its exit code and what happened ("exited with code 2: last line"). */
    public record Ended(int exitCode, String message) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /**
     * Runs {@code line} in {@code dir} (null: the current directory) with {@code env} added to this process's
     * environment and {@code CC} set to {@code cc} unless either sets it.
     */
    public Ended run(String line, Path dir, Map<String, String> env, Path log) {
        Unmeasured build = Unmeasured.of("/bin/sh", "-c", line).in(dir).env(env).outputTo(log);
        if (!env.containsKey("CC") && System.getenv("CC") == null) {
            build.env("CC", "cc");
        }
        if (cancelled) {
            return new Ended(130, "was interrupted");
        }
        try {
            Process p = build.start().process(); // no timeout of ours: a build takes what it takes
            current = p;
            if (cancelled) { // the signal came between the check and the start
                cancel();
            }
            int code = p.waitFor();
            current = null;
            if (cancelled) { // whatever it exited with, it did not finish: a shell's bare wait says 0
                return new Ended(130, "was interrupted");
            }
            return code == 0 ? new Ended(0, null) : new Ended(code, "exited with code " + code + tail(log));
        } catch (Unmeasured.NotStarted e) {
            return new Ended(127, "could not start (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Ended(130, "was interrupted");
        }
    }

    /** Ends the build in flight and what it started, or the next one before it starts. */
    public void cancel() {
        cancelled = true;
        Process p = current;
        if (p == null) {
            return;
        }
        List<ProcessHandle> all = new java.util.ArrayList<>(p.descendants().toList());
        all.add(p.toHandle());
        all.forEach(ProcessHandle::destroy);
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        });
    }

    /** ": " and the log's last line, or "" where it has none. */
    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return lines.isEmpty() ? "" : ": " + lines.getLast().strip();
        } catch (IOException e) {
            return "";
        }
    }
}
