package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each seed's plan in docs/examples runs for real, as a user runs it from the repository's root: its own warm-up
 * (a warm-up is prepared like a measured run, so a plan that makes its files in prepare works on a fresh machine),
 * two runs per variant, a fresh store and home, and the study's own scratch directory (nothing left from an
 * earlier run or another study: issue 29). A plan that cannot run here fails with what is missing; .ci/run
 * installs it.
 */
class SeedExamplesIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path LIBS = Path.of("/usr/lib/x86_64-linux-gnu");

    @RegisterExtension
    final Launcher overhead = new Launcher();

    @ParameterizedTest
    @CsvSource({
        "seed000-allocator-build.yaml,        make cc libjemalloc.so.2 libmimalloc.so.2",
        "seed001-dbench-build.yaml,           dbench make cc",
        "seed002-hackbench-stress-build.yaml, hackbench stress-ng make cc",
        "seed003-stack-protector.yaml,        cc",
        "seed004-ls-strace.yaml,              strace seccomp-bpf",
    })
    void theSeedsPlanRunsOnThisMachine(String plan, String needs) throws Exception {
        List<String> missing = new ArrayList<>();
        for (String need : needs.split(" ")) {
            if (!available(need)) {
                missing.add(need);
            }
        }
        assertThat(missing)
                .as(plan + " cannot run here: it needs " + missing + " (.ci/run installs them: apt-get install"
                        + " make gcc dbench rt-tests stress-ng strace libjemalloc2 libmimalloc2.0)")
                .isEmpty();

        var r = overhead.startIn(
                        Launcher.ROOT,
                        Map.of(),
                        "run",
                        "--plan",
                        "docs/examples/" + plan,
                        "--runs",
                        "2",
                        "--format",
                        "json")
                .finish(Duration.ofMinutes(10));

        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        assertThat(root.path("workloads")).isNotEmpty();
        for (JsonNode w : root.path("workloads")) {
            for (JsonNode v : w.path("variants")) {
                assertThat(v.path("runs"))
                        .as(w.path("name") + " " + v.path("name"))
                        .hasSize(2);
            }
        }
        assertThat(root.path("comparisons")).isNotEmpty();
    }

    private static boolean available(String need) throws Exception {
        if (need.startsWith("lib")) {
            return Files.exists(LIBS.resolve(need));
        }
        if (need.equals("seccomp-bpf")) {
            return succeeds("strace", "-f", "--seccomp-bpf", "-e", "trace=%process", "-o", "/dev/null", "true");
        }
        return succeeds("sh", "-c", "command -v " + need);
    }

    private static boolean succeeds(String... argv) throws Exception {
        try {
            Process p = new ProcessBuilder(argv)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
