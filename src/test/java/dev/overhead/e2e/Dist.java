package dev.overhead.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The tarball and .deb that src/dist/dist.sh builds inside verify, and a way to run programs. */
final class Dist {
    static final Path ROOT =
            Path.of(System.getProperty("overhead.project.root", ".")).toAbsolutePath();
    static final Path TARGET = ROOT.resolve("target");

    private Dist() {}

    record Result(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    /** The built artifact whose name matches, or the test is skipped with the reason the build gave. */
    static Path artifact(String glob) throws IOException {
        Optional<Path> found;
        try (var files = Files.newDirectoryStream(TARGET, glob)) {
            var it = files.iterator();
            found = it.hasNext() ? Optional.of(it.next()) : Optional.empty();
        } catch (java.nio.file.NoSuchFileException e) {
            found = Optional.empty();
        }
        Path skipped = TARGET.resolve("dist/SKIPPED");
        String why = Files.exists(skipped)
                ? "the build skipped the distribution: "
                        + Files.readString(skipped).strip()
                : "no " + glob + " in target/ (./mvnw verify builds it before the end-to-end tests)";
        assumeTrue(found.isPresent(), why);
        return found.get();
    }

    /** Runs a program with exactly this environment (nothing inherited) and collects its output. */
    static Result run(Path dir, Map<String, String> env, List<String> command)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        if (env != null) {
            pb.environment().clear();
            pb.environment().putAll(env);
        }
        Path out = Files.createTempFile("overhead-dist-out", ".txt");
        Path err = Files.createTempFile("overhead-dist-err", ".txt");
        try {
            pb.redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            Process p = pb.start();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(command + " did not finish in 180 s");
            }
            return new Result(
                    p.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** Runs a program with the test's own environment. */
    static Result run(List<String> command) throws IOException, InterruptedException {
        return run(ROOT, null, command);
    }

    /** The absolute path of a program on this machine's PATH, or empty. */
    static Optional<Path> which(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        }
    }
}
