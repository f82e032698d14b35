package dev.overhead.report;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files (docs/architecture.md, "Conventions"): a mismatch writes {@code NAME.got} beside {@code NAME} and fails;
 * {@code -Doverhead.golden.update=true} rewrites the golden files instead.
 */
public final class Golden {
    private Golden() {}

    static final Path DIR = dir("report");

    /** {@code src/test/resources/golden/GROUP}, the folder of one group of golden files. */
    public static Path dir(String group) {
        return Path.of(System.getProperty("overhead.project.root", "."), "src", "test", "resources", "golden", group);
    }

    static void check(String name, String actual) throws IOException {
        check(DIR, name, actual);
    }

    public static void check(Path dir, String name, String actual) throws IOException {
        Path golden = dir.resolve(name);
        Path got = dir.resolve(name + ".got");
        if (Boolean.getBoolean("overhead.golden.update")) {
            Files.createDirectories(dir);
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
            Files.deleteIfExists(got);
            return;
        }
        String expected = Files.exists(golden) ? Files.readString(golden, StandardCharsets.UTF_8) : null;
        if (actual.equals(expected)) {
            Files.deleteIfExists(got);
            return;
        }
        Files.createDirectories(dir);
        Files.writeString(got, actual, StandardCharsets.UTF_8);
        fail(
                expected == null
                        ? "no golden file " + golden + "; wrote " + got
                                + " (rerun with -Doverhead.golden.update=true to accept)"
                        : "output differs from " + golden + " at line " + firstDifference(expected, actual) + "; wrote "
                                + got + " (diff them; -Doverhead.golden.update=true accepts the new output)");
    }

    private static int firstDifference(String expected, String actual) {
        String[] a = expected.split("\n", -1);
        String[] b = actual.split("\n", -1);
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (!a[i].equals(b[i])) {
                return i + 1;
            }
        }
        return Math.min(a.length, b.length) + 1;
    }
}
