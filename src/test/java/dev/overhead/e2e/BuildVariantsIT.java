package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Compiler-flag variants: each builds once with its cflags in a fresh {build_dir}, and the sizes are noted. */
class BuildVariantsIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    private static boolean hasCc() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, "cc"))) {
                return true;
            }
        }
        return false;
    }

    private Path plan(String variants) throws Exception {
        Path source = Launcher.ROOT.resolve("docs/examples/flags/bench.c");
        String build = "$CC {cflags} -o {build_dir}/bench " + source;
        return Files.writeString(
                overhead.home().resolve("plan.yaml"),
                "workloads:\n  - {name: bench, command: [\"{build_dir}/bench\", \"200000\"]}\nvariants:\n"
                        + variants.replace("BUILD", build));
    }

    @Test
    void eachVariantRunsItsOwnBuildAndTheSizesAreNoted() throws Exception {
        assumeTrue(hasCc(), "no C compiler (cc) on PATH: apt-get install gcc");
        Path plan = plan("""
                  - {name: plain, cflags: -O2 -fno-stack-protector, build: "BUILD"}
                  - {name: ssp-all, cflags: -O2 -fstack-protector-all, build: "BUILD"}
                """);

        var r = overhead.run("run", "--plan", plan.toString(), "--runs", "2", "--format", "json");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stderr()).contains("building variant ssp-all: $CC -O2 -fstack-protector-all -o /");
        JsonNode root = JSON.readTree(r.stdout());
        JsonNode variants = root.path("workloads").get(0).path("variants");
        String plainDir = variants.get(0).path("env").path("OVERHEAD_BUILD_DIR").asText();
        String sspDir = variants.get(1).path("env").path("OVERHEAD_BUILD_DIR").asText();
        assertThat(plainDir).isNotBlank().isNotEqualTo(sspDir);
        assertThat(variants.get(1).path("env").path("CFLAGS").asText()).isEqualTo("-O2 -fstack-protector-all");
        assertThat(root.path("warnings").toString()).contains("size of bench in ssp-all against plain: text ");
    }

    @Test
    void aFailedBuildStopsTheStudyBeforeAnythingIsMeasured() throws Exception {
        Path plan = plan("""
                  - {name: plain, build: "true"}
                  - {name: broken, build: "echo no such flag >&2; exit 4"}
                """);

        var r = overhead.run("run", "--plan", plan.toString(), "--runs", "2");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.stderr())
                .contains("the build of variant broken exited with code 4: no such flag; its whole output is in /")
                .contains("Nothing was measured.");
    }
}
