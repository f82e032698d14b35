package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -V preset:hardened_malloc} end to end on the real {@code /proc}: a stand-in {@code libhardened_malloc.so}
 * (a real shared library, compiled here, whose constructor writes a line into a log each time a process loads it)
 * in a library folder ({@code LD_LIBRARY_PATH}'s, searched first, as the loader does), and {@code vm.max_map_count}
 * set with {@code sysctl -w} and put back after. Issue 29: the preset was always refused on a real machine, because
 * the count was read as its first digit.
 */
class StandInHardenedMallocIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    @TempDir
    Path dir;

    private String before;

    @BeforeEach
    void standIn() throws Exception {
        Tool.require("cc");
        assumeTrue(Tool.isRoot(), "sysctl -w vm.max_map_count needs root; run the tests as root (.ci/run does)");
        before = Tool.output("sysctl", "-n", "vm.max_map_count").strip();
        Files.writeString(dir.resolve("standin.c"), """
                #include <fcntl.h>
                #include <stdlib.h>
                #include <unistd.h>
                __attribute__((constructor)) static void loaded(void) {
                    const char *log = getenv("STANDIN_LOG");
                    if (log) {
                        int fd = open(log, O_WRONLY | O_APPEND | O_CREAT, 0644);
                        if (fd >= 0) { write(fd, "loaded\\n", 7); close(fd); }
                    }
                }
                """);
        Tool.output(
                "cc",
                "-shared",
                "-fPIC",
                "-o",
                dir.resolve("libhardened_malloc.so").toString(),
                dir.resolve("standin.c").toString());
    }

    @AfterEach
    void restore() throws Exception {
        if (before != null) {
            Tool.output("sysctl", "-w", "vm.max_map_count=" + before);
        }
    }

    private JsonNode preset(Map<String, String> env) throws Exception {
        var r = overhead.start(env, "presets", "--format", "json").finish();
        assertThat(r.exitCode()).as(r.toString()).isZero();
        for (JsonNode p : JSON.readTree(r.stdout()).findParents("name")) {
            if (p.path("name").asText().equals("hardened_malloc")) {
                return p;
            }
        }
        throw new AssertionError("no hardened_malloc in " + r.stdout());
    }

    @Test
    void theStandInIsRefusedBelowTheMapCountAndPreloadedIntoEveryRunOnceItIsRaised() throws Exception {
        Path log = dir.resolve("loads.log");
        Map<String, String> env = Map.of("LD_LIBRARY_PATH", dir.toString(), "STANDIN_LOG", log.toString());

        Tool.output("sysctl", "-w", "vm.max_map_count=65530");
        assertThat(preset(env).toString()).contains("(it is 65530;");

        Tool.output("sysctl", "-w", "vm.max_map_count=1048576");
        assertThat(preset(env).toString()).doesNotContain("vm.max_map_count of at least");
        Files.deleteIfExists(log);
        var r = overhead.start(
                        env,
                        "run",
                        "-V",
                        "glibc:",
                        "-V",
                        "preset:hardened_malloc",
                        "--runs",
                        "3",
                        "--warmup",
                        "1",
                        "--format",
                        "json",
                        "--",
                        "true")
                .finish();

        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        JsonNode hardened = root.path("workloads").get(0).path("variants").get(1);
        assertThat(hardened.path("name").asText()).isEqualTo("hardened_malloc");
        assertThat(hardened.path("env").path("LD_PRELOAD").asText())
                .isEqualTo(dir.resolve("libhardened_malloc.so").toString());
        assertThat(hardened.path("runs")).hasSize(3);
        // the 3 measured runs and the warm-up loaded it (a probe before the study may add one); glibc's none
        assertThat(Files.readAllLines(log).size()).isBetween(4, 5);
    }
}
