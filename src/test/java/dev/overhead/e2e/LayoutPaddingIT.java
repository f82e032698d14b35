package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Variants' environments have the same size (issue 16.3): a real command prints the size of its
 * environment under two variants whose variables differ in length by an LD_PRELOAD-like string.
 */
class LayoutPaddingIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    private List<List<Double>> sizes(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--runs",
                "3",
                "--format",
                "json",
                "--shell",
                "--metric",
                "envsize=([0-9]+)",
                "-V",
                "plain: OVERHEAD_IT=1",
                "-V",
                "preload: OVERHEAD_IT=1 LD_PRELOAD_LIKE=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"));
        args.addAll(List.of(extra));
        args.add("env | wc -c"); // every NAME=value and its end, as the kernel lays them on the stack
        var r = overhead.run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        List<List<Double>> out = new ArrayList<>();
        for (JsonNode v : root.path("workloads").get(0).path("variants")) {
            List<Double> perRound = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (JsonNode run : v.path("runs")) {
                    if (run.path("round").asInt() == round) {
                        perRound.add(run.path("metrics").path("envsize").asDouble());
                    }
                }
            }
            out.add(perRound);
        }
        return out;
    }

    @Test
    void everyVariantsEnvironmentHasTheSameSizeByDefault() throws Exception {
        List<List<Double>> sizes = sizes();
        assertThat(sizes.get(0)).hasSize(3).containsOnly(sizes.get(0).getFirst());
        assertThat(sizes.get(1)).isEqualTo(sizes.get(0));
    }

    @Test
    void randomizedLayoutChangesTheSizeFromRoundToRoundAlikeForAllVariants() throws Exception {
        List<List<Double>> sizes = sizes("--randomize-layout", "--seed", "5");
        assertThat(sizes.get(1)).isEqualTo(sizes.get(0));
        assertThat(sizes.get(0).stream().distinct().count()).isGreaterThan(1);
    }
}
