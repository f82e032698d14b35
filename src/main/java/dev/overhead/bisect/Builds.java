package dev.overhead.bisect;

import dev.overhead.exec.BuildShell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The directories a bisection builds in: one temporary root, one directory per revision in it,
 * all removed by {@link #close} (also after Ctrl-C, which the caller turns into an ordinary end).
 * Directories of the good and the tested build are named to the same length, so that the
 * {@code OVERHEAD_BUILD_DIR} each run gets does not move the stack of one build against the other.
 */
public final class Builds implements AutoCloseable {
    private final Path root;
    private final BuildShell shell = new BuildShell();

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
     * Runs {@code command} through {@code /bin/sh -c} in {@code dir} (exec.BuildShell), with {@code {build_dir}}
     * replaced by it and {@code $CC} set to {@code cc} unless set; its output goes to a log beside the directory.
     */
    public Built build(Path dir, String command) {
        String line = command.replace("{build_dir}", dir.toString());
        Path log = root.resolve(dir.getFileName() + ".build.log");
        BuildShell.Ended e = shell.run(line, dir, Map.of("OVERHEAD_BUILD_DIR", dir.toString()), log);
        return new Built(e.exitCode(), e.message());
    }

    /** Ctrl-C during a build: end it and what it started (exec.BuildShell#cancel). */
    public void cancel() {
        shell.cancel();
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
