package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.ComparisonRow;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: the HTML forest plot listed near-zero counts (major faults, fs in, io stall) whose bars
 * ran to the −99.9% edge and squeezed the real effects into a few pixels. It now draws the metrics
 * the tables show (the primary, then the decisive), and no count that is about zero on both sides.
 */
class ForestRowsTest {
    private static ComparisonRow row(String metric, String unit, double base, double cand, double change, Verdict v) {
        Comparison c = new Comparison(
                Direction.LOWER,
                30,
                30,
                base,
                cand,
                change,
                change - 60,
                change + 60,
                0.5,
                "test",
                v,
                null,
                List.of(),
                null,
                null);
        return new ComparisonRow("ls-lR", metric, unit, "glibc", "strace", c, false);
    }

    private static final Map<String, List<String>> SHOWN = Map.of("ls-lR", List.of("wall", "major_faults", "fs_in"));

    @Test
    void nearZeroCountsAreNotCharted() {
        // ls-lR in the demo: 0.27 blocks read against none, 0.03 major faults against 0.1
        assertThat(HtmlData.charted(row("fs_in", "blocks", 0, 0.2667, Double.NaN, Verdict.INCONCLUSIVE), SHOWN))
                .isFalse();
        assertThat(HtmlData.charted(row("major_faults", "", 0.1, 0.033, -66.7, Verdict.BETTER), SHOWN))
                .isFalse();
        assertThat(HtmlData.charted(row("wall", "s", 0.089, 0.8157, 817, Verdict.WORSE), SHOWN))
                .isTrue();
    }

    @Test
    void onlyTheMetricsTheTablesShowAreCharted() {
        assertThat(HtmlData.charted(row("cpu_stall", "s", 0.054, 0.046, -15, Verdict.INCONCLUSIVE), SHOWN))
                .isFalse();
        // the fixture's page: sys is compared but not shown (no decisive verdict), so not charted either
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>)
                HtmlData.model(Fixture.study(), RenderOptions.DEFAULT).get("comparisons");
        assertThat(rows)
                .filteredOn(r -> r.get("metric").equals("sys"))
                .isNotEmpty()
                .allMatch(r -> r.get("chart").equals(false));
        assertThat(rows)
                .filteredOn(r -> r.get("metric").equals("wall"))
                .allMatch(r -> r.get("chart").equals(true));
    }
}
