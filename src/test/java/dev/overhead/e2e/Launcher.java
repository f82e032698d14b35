package dev.overhead.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs the real {@code ./overhead} launcher, as a user would, with its own store and working folder:
 * register it with {@code @RegisterExtension} and every test gets a fresh home.
 */
final class Launcher implements BeforeEachCallback, AfterEachCallback {
    static final Path ROOT =
            Path.of(System.getProperty("overhead.project.root", ".")).toAbsolutePath();

    record Result(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    private Path home;

    Launcher() {}

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        home = Files.createTempDirectory("overhead-e2e-");
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try (var paths = Files.walk(home)) {
            paths.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        }
    }

    Path home() {
        return home;
    }

    Result run(String... args) throws IOException, InterruptedException {
        return start(Map.of(), args).finish();
    }

    Running start(Map<String, String> env, String... args) throws IOException {
        return startIn(home, env, args);
    }

    /** The launcher started in {@code dir} (a repository to bisect, say) instead of the home. */
    Running startIn(Path dir, Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ROOT.resolve("overhead").toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().put("XDG_DATA_HOME", home.resolve("data").toString());
        pb.environment().put("OVERHEAD_NO_BUILD", "1");
        pb.environment().remove("COLUMNS");
        pb.environment().putAll(env);
        Path out = Files.createTempFile(home, "out", ".txt");
        Path err = Files.createTempFile(home, "err", ".txt");
        pb.redirectOutput(out.toFile());
        pb.redirectError(err.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        return new Running(pb.start(), out, err);
    }

    record Running(Process process, Path out, Path err) {
        Result finish() throws IOException, InterruptedException {
            return finish(java.time.Duration.ofSeconds(120));
        }

        Result finish(java.time.Duration limit) throws IOException, InterruptedException {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("overhead did not finish in " + limit.toSeconds() + " s; its stderr so far:\n"
                        + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Result(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        }
    }

    /** The comparison of {@code metric} for {@code candidate} (any candidate when null) in overhead's JSON. */
    static com.fasterxml.jackson.databind.JsonNode comparison(
            com.fasterxml.jackson.databind.JsonNode root, String metric, String candidate) {
        for (var c : root.path("comparisons")) {
            if (c.path("metric").asText().equals(metric)
                    && (candidate == null || c.path("candidate").asText().equals(candidate))) {
                return c;
            }
        }
        return null;
    }

    /** The verdict word of that comparison, or null when there is none. */
    static String verdict(com.fasterxml.jackson.databind.JsonNode root, String metric, String candidate) {
        var c = comparison(root, metric, candidate);
        return c == null ? null : c.path("verdict").asText();
    }
}
