package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 28 items 1 and 2 through {@code overhead compare} on a generated sample CSV: `equivalent` only where the
 * runs exclude a change hidden in some of them, and an all-zero baseline decided on its runs with events
 * (docs/statistics.md §2c).
 */
class EquivalenceIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    @Test
    void compareSaysInconclusiveWhereTheRunsCannotExcludeAHiddenChange() throws Exception {
        StringBuilder rows = new StringBuilder("workload,variant,metric,value,better,unit\n");
        double[] quiet = {-0.004, 0.002, 0.0, 0.003, -0.001, 0.005, -0.006, 0.001, -0.002, 0.002};
        for (int i = 0; i < 10; i++) {
            // 10 quiet runs a side that caught none of the candidate's rare slow runs
            rows.append("quiet10,base,wall,").append(1 + quiet[i]).append(",lower,s\n");
            rows.append("quiet10,new,wall,").append(1.0005 * (1 + quiet[i])).append(",lower,s\n");
        }
        for (int i = 0; i < 30; i++) {
            // the same noise over 30 runs a side: that many runs do exclude it
            rows.append("quiet30,base,wall,").append(1 + quiet[i % 10]).append(",lower,s\n");
            rows.append("quiet30,new,wall,")
                    .append(1.0005 * (1 + quiet[i % 10]))
                    .append(",lower,s\n");
        }
        for (int i = 0; i < 3; i++) { // two constant samples of 3 runs: no exact figures
            rows.append("constant,base,wall,1.0,lower,s\n");
            rows.append("constant,new,wall,1.0,lower,s\n");
        }
        for (int i = 0; i < 30; i++) { // major faults: none in the baseline, 6 of 30 candidate runs
            rows.append("faults,base,major_faults,0,lower,\n");
            rows.append("faults,new,major_faults,").append(i < 6 ? 1 : 0).append(",lower,\n");
        }
        Path csv = overhead.home().resolve("issue28.csv");
        Files.writeString(csv, rows.toString());
        var r = overhead.run("compare", "--format", "json", csv.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        JsonNode quiet10 = comparison(root, "quiet10");
        assertThat(quiet10.path("ci_low_pct").asDouble()).isGreaterThan(-1);
        assertThat(quiet10.path("ci_high_pct").asDouble()).isLessThan(1);
        assertThat(quiet10.path("verdict").asText()).isEqualTo("inconclusive");
        assertThat(quiet10.path("runs_needed").asInt()).isBetween(11, 40);
        assertThat(quiet10.toString()).contains("not shown equivalent: 10 runs a side cannot exclude a mode");
        assertThat(comparison(root, "quiet30").path("verdict").asText()).isEqualTo("equivalent");
        JsonNode constant = comparison(root, "constant");
        assertThat(constant.path("verdict").asText()).isEqualTo("inconclusive");
        assertThat(constant.path("runs_needed").asInt()).isEqualTo(8);
        JsonNode faults = comparison(root, "faults");
        assertThat(faults.path("metric").asText()).isEqualTo("major_faults");
        assertThat(faults.path("verdict").asText()).isEqualTo("inconclusive");
        assertThat(faults.toString()).contains("too few runs with events for a verdict: 0 of 30 in the baseline");
        // the text report says how many runs would settle it
        var text = overhead.run("compare", "--detail", "--metrics", "all", csv.toString());
        assertThat(text.exitCode()).as(text.toString()).isZero();
        assertThat(text.stdout().replaceAll("\\s+", " ")).contains("not shown equivalent");
    }

    private static JsonNode comparison(JsonNode root, String workload) {
        for (JsonNode c : root.path("comparisons")) {
            if (c.path("workload").asText().equals(workload)) {
                return c;
            }
        }
        throw new AssertionError("no comparison of " + workload + " in " + root.path("comparisons"));
    }
}
