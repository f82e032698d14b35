package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: a day of studies left 20 {@code /tmp/overhead-build-*} directories. A compiler-flag
 * variant's build directories (on the real file system, made by a real {@code /bin/sh}) are removed
 * once its study is done, and kept with {@code --keep-builds}.
 */
class BuildDirectoriesTest {
    @TempDir
    Path dir;

    private final String variant = "built" + ProcessHandle.current().pid() + "x" + System.nanoTime();

    private static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"));

    private List<Path> buildDirs() throws Exception {
        try (Stream<Path> all = Files.list(TMP)) {
            return all.filter(p -> p.getFileName().toString().startsWith("overhead-build-" + variant + "-"))
                    .toList();
        }
    }

    @AfterEach
    void removeWhatIsLeft() throws Exception {
        for (Path p : buildDirs()) {
            try (Stream<Path> tree = Files.walk(p)) {
                for (Path q : tree.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(q);
                }
            }
        }
    }

    private String run(String... extra) throws Exception {
        Path plan = dir.resolve("plan.yaml");
        Files.writeString(plan, """
                name: builds
                runs: {count: 2}
                workloads:
                  - name: w
                    command: [sleep, "0.01"]
                variants:
                  - name: plain
                  - name: %s
                    build: "echo built > {build_dir}/marker"
                """.formatted(variant));
        List<String> args = new java.util.ArrayList<>(List.of(
                "run",
                "--plan",
                plan.toString(),
                "--fake-exec",
                "--store",
                dir.resolve("s.db").toString()));
        args.addAll(List.of(extra));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        return err.toString();
    }

    @Test
    void buildDirectoriesAreRemovedWhenTheStudyIsDone() throws Exception {
        String err = run();
        assertThat(err).as("the variant was built").contains("overhead: building variant " + variant);
        assertThat(buildDirs()).isEmpty();
    }

    @Test
    void keepBuildsKeepsThem() throws Exception {
        run("--keep-builds");
        List<Path> left = buildDirs();
        assertThat(left).hasSize(1);
        assertThat(left.getFirst().resolve("marker")).hasContent("built");
    }
}
