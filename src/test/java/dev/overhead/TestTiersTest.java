package dev.overhead;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The test tiers stay honest: a test class whose source starts a process or a server of its own carries
 * {@link Processes}, so {@code ./mvnw test} stays hermetic and {@code ./mvnw verify} still runs it. Read from the
 * sources: what a class starts is in its text (a shell, the helper, a compiler, PostgreSQL, Chromium, a server).
 */
class TestTiersTest {
    /** What starts a process or a server in a test's own text. */
    static final Pattern STARTS = Pattern.compile("new ProcessBuilder|NativeExecutor\\.start|FfmExecutor"
            + "|TestPostgres|Browser\\.|Chromium|HttpServer\\.create|WebServer\\.start|new WebServer"
            + "|NativeHelper\\.binary|Runtime\\.getRuntime\\(\\)\\.exec|Commands\\.[a-z]+\\(");

    @Test
    void everyTestClassThatStartsAProcessOrAServerIsInTheProcessTier() throws IOException {
        Path root = Path.of(System.getProperty("overhead.project.root", "."), "src/test/java");
        List<String> untagged;
        List<String> tagged;
        try (Stream<Path> all = Files.walk(root)) {
            List<Path> tests = all.filter(p -> p.getFileName().toString().endsWith("Test.java"))
                    .toList();
            untagged = tests.stream()
                    .filter(p -> starts(p) && !text(p).contains("@Processes"))
                    .map(p -> root.relativize(p).toString())
                    .toList();
            tagged = tests.stream()
                    .filter(p -> text(p).contains("@Processes"))
                    .map(Path::toString)
                    .toList();
        }
        assertThat(untagged)
                .as("test classes that start a process or a server without @Processes (add it: dev.overhead.Processes)")
                .isEmpty();
        assertThat(tagged)
                .as("the process tier is not empty: the scan reads the sources")
                .hasSizeGreaterThan(20);
    }

    @Test
    void thePatternSeesWhatStartsAProcess() {
        assertThat(STARTS.matcher("var p = new ProcessBuilder(\"sh\").start();").find())
                .isTrue();
        assertThat(STARTS.matcher("String store = TestPostgres.freshStore();").find())
                .isTrue();
        assertThat(STARTS.matcher("assertThat(WebServer.loopbackHost(\"localhost\")).isTrue();")
                        .find())
                .isFalse();
    }

    private static boolean starts(Path p) {
        return STARTS.matcher(text(p).replace("TestTiersTest", "")).find() && !p.endsWith("TestTiersTest.java");
    }

    private static String text(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
