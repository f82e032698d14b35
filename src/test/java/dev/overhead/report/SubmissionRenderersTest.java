package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.stats.Direction;
import dev.overhead.stats.MachinePooling;
import dev.overhead.verdicts.PooledSubmission;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code compare --submission} in text, JSON and CSV against golden files: three machines, two
 * workloads, one machine still running, one name that CSV must quote.
 */
class SubmissionRenderersTest {
    private static final String ID = "20261203-141500-3b9d";
    private static final String ODD = "gamma, \"lab 2\"";

    static PooledSubmission submission() {
        return PooledSubmission.of(
                ID,
                List.of(
                        machine("beta", 2.0, 1.0, 3.0, 1.0, -0.5, 2.5, "done"),
                        machine("alpha", 5.0, 3.0, 7.0, 0.5, -1.0, 2.0, "done"),
                        machine(ODD, 12.0, 10.0, 14.0, 0.2, -0.6, 1.0, "running")));
    }

    private static PooledSubmission.Machine machine(
            String name, double c1, double l1, double h1, double c2, double l2, double h2, String state) {
        var study = Studies.study(
                ID + "@" + name,
                List.of("base", "hardened"),
                List.of(
                        new Studies.Row("hackbench", "wall", "s", "hardened", 1.0, c1, l1, h1),
                        new Studies.Row("dbench", "wall", "s", "hardened", 2.0, c2, l2, h2)));
        return new PooledSubmission.Machine(name, study, state, state.equals("done") ? 10 : 6);
    }

    @Test
    void textJsonAndCsvMatchTheirGoldenFiles() throws Exception {
        PooledSubmission s = submission();
        Golden.check("submission.txt", SubmissionRenderers.render(Format.TEXT, s, "1.0.0-test"));
        Golden.check("submission.json", SubmissionRenderers.render(Format.JSON, s, "1.0.0-test"));
        Golden.check("submission.csv", SubmissionRenderers.render(Format.CSV, s, "1.0.0-test"));
    }

    @Test
    void theTextFitsAMailAndAsciiIsSevenBit() {
        String text = SubmissionRenderers.render(Format.TEXT, submission(), "1.0.0-test");
        assertThat(text.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
        String ascii = SubmissionRenderers.render(Format.TEXT, submission(), "1.0.0-test", true);
        assertThat(ascii.chars()).allSatisfy(c -> assertThat(c).as(ascii).isLessThan(128));
        assertThat(ascii).contains("I2").contains("+6.3%").doesNotContain("?");
    }

    @Test
    void theJsonCarriesThePooledFiguresOfMachinePooling() throws Exception {
        JsonNode root =
                new ObjectMapper().readTree(SubmissionRenderers.render(Format.JSON, submission(), "1.0.0-test"));
        assertThat(root.path("schema").asText()).isEqualTo("overhead/1");
        assertThat(root.path("submission").path("machines").get(0).path("name").asText())
                .isEqualTo("alpha");
        assertThat(root.path("comparisons")).hasSize(6);
        assertThat(root.path("comparisons").get(0).path("machine").asText()).isEqualTo("alpha");
        assertThat(root.path("comparisons").get(0).path("change_pct").asDouble())
                .isEqualTo(5.0);
        MachinePooling.Pooled hackbench = MachinePooling.pool(
                new double[] {5, 2, 12}, new double[] {3, 1, 10}, new double[] {7, 3, 14}, 0.95, 1.0, Direction.LOWER);
        JsonNode pooled = root.path("pooled").get(0);
        assertThat(pooled.path("workload").asText()).isEqualTo("hackbench");
        assertThat(pooled.path("machines").asInt()).isEqualTo(3);
        assertThat(pooled.path("change_pct").asDouble()).isCloseTo(hackbench.changePct(), within(1e-12));
        assertThat(pooled.path("ci_low_pct").asDouble()).isCloseTo(hackbench.ciLowPct(), within(1e-12));
        assertThat(pooled.path("ci_high_pct").asDouble()).isCloseTo(hackbench.ciHighPct(), within(1e-12));
        assertThat(pooled.path("i_squared").asDouble()).isCloseTo(hackbench.iSquared(), within(1e-12));
        assertThat(pooled.path("disagree").asBoolean()).isTrue();
        assertThat(root.path("warnings").get(0).asText()).contains(ODD).contains("running");
    }

    @Test
    void oneMachineHasNothingToPool() {
        PooledSubmission one =
                PooledSubmission.of(ID, List.of(machine("alpha", 5.0, 3.0, 7.0, 0.5, -1.0, 2.0, "done")));
        String text = SubmissionRenderers.render(Format.TEXT, one, "x");
        assertThat(text).contains("One machine: nothing to pool");
        assertThat(one.pooled().getFirst().pooled().ciLowPct()).isNaN();
        assertThat(SubmissionRenderers.render(Format.JSON, one, "x")).contains("\"ci_low_pct\" : null");
    }
}
