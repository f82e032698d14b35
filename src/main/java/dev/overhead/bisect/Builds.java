package dev.overhead.bisect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The directories a bisection builds in: one temporary root, one directory per revision in it,
 * all removed by {@link #close} (also after Ctrl-C, which the caller turns into an ordinary end).
 * Directories of the good and the tested build are named to the same length, so that the
 * {@code OVERHEAD_BUILD_DIR} each run gets does not move the stack of one build against the other.
 */
public final class Builds implements AutoCloseable {
    private final Path root;
    private volatile Process current;
    private volatile boolean cancelled; // a signal before the build started: it must not start at all

    private Builds(Path root) {
        this.root = root;
    }

    public static Builds create() {
        try {
            return new Builds(Files.createTempDirectory("overhead-bisect-"));
        } catch (IOException e) {
            throw new Git.GitException(
                    "no temporary directory could be made for the builds (" + e.getMessage()
                            + "); free some space or set TMPDIR.",
                    e);
        }
    }

    /** A directory for {@code role} ({@code good} or {@code test}) at {@code hash}, with that revision's files. */
    public Path checkout(Git git, String role, String hash) {
        Path dir = root.resolve(role + "-" + hash);
        remove(dir);
        git.export(hash, dir, root.resolve("index"));
        return dir;
    }

    /** How a build ended: 0 and no message, or its exit code and the last line of its output. */
    public record Built(int exitCode, String message) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /**
     * Runs {@code command} through {@code /bin/sh -c} in {@code dir}, with {@code {build_dir}}
     * replaced by it and {@code $CC} set to {@code cc} unless set; its output goes to a log beside
     * the directory.
     */
    public Built build(Path dir, String command) {
        String line = command.replace("{build_dir}", dir.toString());
        Path log = root.resolve(dir.getFileName() + ".build.log");
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", line)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().putIfAbsent("CC", "cc");
        pb.environment().put("OVERHEAD_BUILD_DIR", dir.toString());
        if (cancelled) {
            return new Built(130, "was interrupted");
        }
        try {
            Process p = pb.start();
            current = p;
            if (cancelled) { // the signal came between the check and the start
                cancel();
            }
            p.getOutputStream().close();
            int code = p.waitFor();
            current = null;
            return code == 0 ? new Built(0, null) : new Built(code, "exited with code " + code + tail(log));
        } catch (IOException e) {
            return new Built(127, "could not start (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Built(130, "was interrupted");
        }
    }

    /**
     * Ctrl-C during a build: end it and what it started, with SIGTERM and, a second later, SIGKILL
     * for whatever is left (a build started with SIGTERM ignored, as under some CI runners,
     * would otherwise run to its end).
     */
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

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return lines.isEmpty() ? "" : ": " + lines.getLast().strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** Removes a build directory (a step's, once it is measured). */
    public void remove(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                p.toFile().setWritable(true);
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a file we cannot delete stays behind in the temporary directory; the bisection goes on
        }
    }

    @Override
    public void close() {
        remove(root);
    }
}
