package dev.overhead.study;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The demo's closing paragraph says each verdict on the primary metric in words, and only those. */
class DemoSummaryTest {
    @Test
    void eachVerdictIsReadOutAndTheOtherMetricsAreLeftAlone() throws Exception {
        var root = new ObjectMapper().readTree("""
                        {"comparisons": [
                          {"workload": "sort", "metric": "wall", "candidate": "perturb", "verdict": "worse",
                           "change_pct": 4.2, "ci_low_pct": 2.0, "ci_high_pct": 6.5, "runs_needed": null},
                          {"workload": "sort", "metric": "sys", "candidate": "perturb", "verdict": "worse",
                           "change_pct": 40, "ci_low_pct": 20, "ci_high_pct": 60, "runs_needed": null},
                          {"workload": "gzip", "metric": "wall", "candidate": "perturb", "verdict": "equivalent",
                           "change_pct": 0.1, "ci_low_pct": -0.4, "ci_high_pct": 0.6, "runs_needed": null},
                          {"workload": "ls-lR", "metric": "wall", "candidate": "perturb", "verdict": "inconclusive",
                           "change_pct": 1.0, "ci_low_pct": -3.0, "ci_high_pct": 5.0, "runs_needed": 40},
                          {"workload": "geomean", "metric": "wall", "candidate": "perturb", "verdict": "worse",
                           "change_pct": 2, "ci_low_pct": 1, "ci_high_pct": 3, "runs_needed": null}]}
                        """);

        String text = DemoSummary.paragraph(root, "wall").replace("\n", " ");

        assertThat(text)
                .startsWith("In plain words: On sort, perturb costs 4.2% of wall time (interval +2.0% to +6.5%): a real"
                        + " cost.")
                .contains("On gzip, perturb makes no difference that matters: the whole interval (-0.4% to +0.6%)")
                .contains("On ls-lR, perturb cannot be told apart from the noise yet (-3.0% to +5.0%); about 40 runs")
                .contains("1 of these 3 comparisons show a cost larger than the noise")
                .contains("A longer --time-budget")
                .doesNotContain("40.0%")
                .doesNotContain("geomean");
    }

    @Test
    void aCostBeyondDoubleIsSaidAsARatio() throws Exception {
        var root = new ObjectMapper().readTree("""
                        {"comparisons": [
                          {"workload": "ls-lR", "metric": "wall", "candidate": "strace", "verdict": "worse",
                           "change_pct": 11306.7, "ci_low_pct": 10324.7, "ci_high_pct": 12358.3, "runs_needed": null}]}
                        """);

        String text = DemoSummary.paragraph(root, "wall").replace("\n", " ");

        assertThat(text)
                .contains(
                        "On ls-lR, strace makes wall time 114 times as long (interval 104 to 125 times): a real cost.")
                .doesNotContain("11306");
    }

    @Test
    void linesAreBrokenBetweenWords() {
        assertThat(DemoSummary.wrap("aaa bbb ccc", 7)).isEqualTo("aaa bbb\nccc\n");
    }
}
