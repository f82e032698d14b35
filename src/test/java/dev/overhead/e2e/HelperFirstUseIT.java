package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar without its prebuilt helper (built where no compiler was, or for another architecture) compiles
 * the helper on first use from the C sources it carries (NativeHelper): the list of those sources must
 * name every file of src/main/c, or the compiler's link fails and peak memory is no longer exact.
 */
class HelperFirstUseIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @AfterEach
    void unlinkTheLibraries() throws Exception {
        Files.deleteIfExists(dir.resolve("lib")); // the link, not target/lib; JUnit warns where it is left to it
    }

    @Test
    void aJarWithoutItsPrebuiltHelperCompilesItOnFirstUse() throws Exception {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        assumeTrue(
                Stream.of("cc", "gcc", "clang")
                        .anyMatch(c -> Stream.of(path.split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, c)))),
                "no C compiler (cc, gcc or clang) on PATH");
        Path jar = Dist.TARGET.resolve("overhead.jar");
        assumeTrue(
                Files.isRegularFile(jar),
                "no target/overhead.jar (./mvnw verify builds it before the end-to-end tests)");
        Path stripped = dir.resolve("overhead.jar");
        int dropped = 0;
        try (var in = new ZipInputStream(Files.newInputStream(jar));
                var out = new ZipOutputStream(Files.newOutputStream(stripped))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                if (e.getName().startsWith("native/linux-")) {
                    dropped++;
                    continue;
                }
                out.putNextEntry(new ZipEntry(e.getName()));
                in.transferTo(out);
                out.closeEntry();
            }
        }
        assertThat(dropped)
                .as("the prebuilt helper and its source list in the jar")
                .isPositive();
        Files.createSymbolicLink(dir.resolve("lib"), Dist.TARGET.resolve("lib")); // the manifest's Class-Path
        Map<String, String> env = Map.of(
                "PATH", path,
                "HOME", dir.toString(),
                "XDG_CACHE_HOME", dir.resolve("cache").toString(),
                "XDG_DATA_HOME", dir.resolve("data").toString());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

        var r = Dist.run(
                dir, env, List.of(java, "-jar", stripped.toString(), "run", "--runs", "2", "--format", "json", "true"));

        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode runs = JSON.readTree(r.stdout())
                .path("workloads")
                .get(0)
                .path("variants")
                .get(0)
                .path("runs");
        assertThat(runs).as(r.toString()).hasSize(2);
        for (JsonNode run : runs) {
            assertThat(run.path("max_rss_exact").asBoolean())
                    .as("measured by the compiled helper: " + r)
                    .isTrue();
        }
        try (var cached = Files.list(dir.resolve("cache/overhead"))) {
            assertThat(cached.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.matches("overhead-spawner-[0-9a-f]{16}"));
        }
        var version = Dist.run(dir, env, List.of(java, "-jar", stripped.toString(), "--version"));
        assertThat(version.stdout()).as(version.toString()).contains("forking helper compiled at");
    }
}
