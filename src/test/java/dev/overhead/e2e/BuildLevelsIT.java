package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * levels: {build: 3, link_order: shuffle} from a plan, end to end: a C program of five object files
 * is built three times per variant, each build links its objects in another order (the symbols land
 * at other addresses) and behaves the same; the runs record their build and the comparisons rest on
 * the builds.
 */
class BuildLevelsIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    private final List<Path> builds = new ArrayList<>();

    @AfterEach
    void removeBuilds() throws IOException {
        for (Path dir : builds) {
            try (var paths = Files.walk(dir)) {
                paths.sorted(java.util.Comparator.reverseOrder())
                        .forEach(p -> p.toFile().delete());
            }
        }
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private static String output(String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    /** The addresses of the step_* functions, by name (nm's view of the layout). */
    private static Map<String, String> layout(Path binary) throws Exception {
        Map<String, String> at = new TreeMap<>();
        for (String line : output("nm", binary.toString()).split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 3 && f[2].startsWith("step_")) {
                at.put(f[2], f[0]);
            }
        }
        return at;
    }

    @Test
    void eachVariantIsBuiltThreeTimesInOtherLayoutsAndJudgedOverItsBuilds() throws Exception {
        assumeTrue(onPath("cc") && onPath("nm"), "no C compiler or nm on PATH: apt-get install gcc binutils");
        Path script = Launcher.ROOT.resolve("docs/examples/layout/build.sh");
        Path plan = Files.writeString(overhead.home().resolve("builds.yaml"), """
                name: builds
                runs: {count: 6}
                levels: {build: 3, link_order: shuffle}
                workloads:
                  - {name: layout, command: ["{build_dir}/layout", "20000"]}
                variants:
                  - {name: O1, cflags: -O1, build: "SCRIPT {build_dir}"}
                  - {name: O2, cflags: -O2, build: "SCRIPT {build_dir}"}
                """.replace("SCRIPT", script.toString()));

        var r = overhead.run("run", "--keep-builds", "--plan", plan.toString(), "--format", "json");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stderr()).contains("building variant O2 (build 3 of 3): ");
        JsonNode root = JSON.readTree(r.stdout());
        Set<String> outputs = new HashSet<>();
        for (JsonNode v : root.path("workloads").get(0).path("variants")) {
            String[] dirs = v.path("env").path("OVERHEAD_BUILD_DIRS").asText().split(":");
            assertThat(dirs).hasSize(3);
            Set<Map<String, String>> layouts = new HashSet<>();
            for (String d : dirs) {
                builds.add(Path.of(d));
                Path binary = Path.of(d, "layout");
                assertThat(binary).as("the binary of each build is kept").isExecutable();
                layouts.add(layout(binary));
                outputs.add(output(binary.toString(), "20000"));
            }
            // 5 objects: 120 orders, so three builds land in at least two layouts but for 1 in 120²
            assertThat(layouts).as("layouts of " + v.path("name").asText()).hasSizeGreaterThan(1);
            Map<Integer, Integer> perBuild = new TreeMap<>();
            v.path("runs").forEach(run -> perBuild.merge(run.path("build").asInt(), 1, Integer::sum));
            assertThat(perBuild).isEqualTo(Map.of(1, 2, 2, 2, 3, 2));
        }
        assertThat(outputs).as("every build behaves the same").hasSize(1);
        JsonNode wall = Launcher.comparison(root, "wall", "O2");
        assertThat(wall.path("design").asText()).isEqualTo("builds");
        assertThat(wall.path("units").path("build").asInt()).isEqualTo(3);
        assertThat(wall.path("method").asText()).contains("over 3+3 builds");
        assertThat(wall.path("variance_between_share").isNumber()).isTrue();
        JsonNode levels = root.path("study").path("options").path("levels");
        assertThat(levels.path("build").asInt()).isEqualTo(3);
        assertThat(levels.path("link_order").asText()).isEqualTo("shuffle");
        assertThat(root.path("workloads")
                        .get(0)
                        .path("variants")
                        .get(0)
                        .path("env")
                        .has("OVERHEAD_BUILDS"))
                .as("a setting, not a variable in the commands' environment")
                .isFalse();
    }
}
