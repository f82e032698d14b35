package dev.overhead.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A study's own scratch directory, {@code {scratch}} in workloads' commands, prepare commands and variants' set-ups:
 * made when the study starts, removed when it ends, so two studies of the same profile at once do not write into
 * one directory (two dbench studies shared {@code /var/tmp}, and one failed). It is made under
 * {@code /var/tmp}, a disk on most systems (a file-system workload on a {@code /tmp} in memory would measure memory),
 * else under {@code java.io.tmpdir}. Resolved when a run starts, not when the plan is read: the store keeps
 * {@code {scratch}}, and a resumed study gets a fresh directory.
 */
public final class Scratch {
    public static final String PLACEHOLDER = "{scratch}";

    private Scratch() {}

    /** Whether any of these words name the scratch directory. */
    public static boolean used(List<String> words) {
        return words.stream().anyMatch(w -> w.contains(PLACEHOLDER));
    }

    /** A new directory for the study {@code id} (its name shows whose it is when one is left after a crash). */
    public static Path make(String id) {
        String prefix = "overhead-" + id.replaceAll("[^A-Za-z0-9_.-]", "_") + "-";
        Path varTmp = Path.of("/var/tmp");
        try {
            if (Files.isDirectory(varTmp) && Files.isWritable(varTmp)) {
                return Files.createTempDirectory(varTmp, prefix);
            }
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new RunFailure("no scratch directory could be made for the study (" + e.getMessage()
                    + "): make /var/tmp or $TMPDIR writable");
        }
    }

    /** The words with {@code {scratch}} replaced by {@code dir}; as they are where there is none. */
    public static List<String> resolve(List<String> words, Path dir) {
        if (dir == null || !used(words)) {
            return words;
        }
        return words.stream().map(w -> w.replace(PLACEHOLDER, dir.toString())).toList();
    }

    /** The workload with {@code {scratch}} resolved in its command and prepare. */
    public static dev.overhead.model.Workload resolve(dev.overhead.model.Workload w, Path dir) {
        return new dev.overhead.model.Workload(
                w.name(),
                resolve(w.command(), dir),
                w.shell(),
                w.parameters(),
                resolve(w.prepare(), dir),
                w.metrics(),
                w.primary());
    }

    /** Removes the directory and all in it; what cannot be removed is left (a file held open elsewhere). */
    public static void remove(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // already gone, or unreadable: nothing more to do
        }
    }
}
