package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: {@code man overhead-run}'s synopsis read {@code [--fail-if-worse=[METRIC:] _ PCT_]}. The
 * man pages are made as the dist makes them ({@code src/dist/man-pages.sh}: picocli's AsciiDoc, then
 * asciidoctor) and read with {@code man -l}, as a user reads them.
 */
@Processes
class ManPagesTest {
    @TempDir
    Path dir;

    private static boolean onPath(String tool) {
        return java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(d -> Files.isExecutable(Path.of(d.isEmpty() ? "." : d, tool)));
    }

    private static String run(Path cwd, List<String> argv, java.util.Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(argv).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(String.join(" ", argv)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", argv) + "\n" + out).isZero();
        return out;
    }

    @Test
    void runsSynopsisReadsAsTheOptionsAreWritten() throws Exception {
        for (String tool : List.of("asciidoctor", "man", "perl")) {
            boolean there = onPath(tool);
            if (System.getenv("CI") != null) {
                assertThat(there).as(tool + " is installed by .ci/run").isTrue();
            }
            assumeTrue(there, tool + " is not installed (apt-get install asciidoctor man-db)");
        }
        Path root = Path.of("").toAbsolutePath();
        Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
        Path out = dir.resolve("man1");
        run(
                root,
                List.of(
                        "bash",
                        "src/dist/man-pages.sh",
                        javaBin.toString(),
                        System.getProperty("java.class.path"),
                        out.toString(),
                        "test"),
                java.util.Map.of());
        String page = run(
                root,
                List.of("man", "-l", out.resolve("overhead-run.1").toString()),
                java.util.Map.of("MANWIDTH", "100", "MAN_KEEP_FORMATTING", "0", "PAGER", "cat"));
        page = page.replaceAll(".\b", "")
                .replaceAll("\u001B\\[[0-9;]*m", ""); // bold and underline, as a terminal gets them
        String synopsis = page.substring(page.indexOf("SYNOPSIS"), page.indexOf("DESCRIPTION"))
                .replaceAll("\\s+", " ");
        assertThat(synopsis)
                .contains("[--fail-if-worse=[METRIC:]PCT]...")
                .contains("[--workload=PROFILE[:KEY=VALUE,...]]...")
                .contains("[--metric='NAME[:lower|higher]=REGEX']...")
                .doesNotContain(" _")
                .doesNotContain("_ ")
                .endsWith("[COMMAND...] ");
        assertThat(Files.exists(out.resolve("overhead-report.1"))).isTrue();
    }
}
