package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.interop.OverheadJsonReader;
import dev.overhead.model.StudyResult;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The JSON of docs/cli.md ("JSON"): a golden file, the same under any default locale, and read back whole. */
class JsonRendererTest {

    @Test
    void matchesTheGoldenFileUnderEveryLocale() throws Exception {
        Locale saved = Locale.getDefault();
        try {
            for (Locale locale : new Locale[] {Locale.ROOT, Locale.GERMANY}) {
                Locale.setDefault(locale);
                Golden.check("study.json", JsonRenderer.render(Fixture.study(), "0.1.0-test"));
            }
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void carriesTheContractsFieldNames() throws Exception {
        JsonNode root = new ObjectMapper().readTree(JsonRenderer.render(Fixture.study(), "0.1.0-test"));
        assertThat(root.path("schema").asText()).isEqualTo("overhead/1");
        JsonNode run = root.path("workloads")
                .get(0)
                .path("variants")
                .get(0)
                .path("runs")
                .get(0);
        assertThat(run.fieldNames())
                .toIterable()
                .contains(
                        "index",
                        "sequence",
                        "started",
                        "exit_code",
                        "wall_s",
                        "user_s",
                        "sys_s",
                        "max_rss_kib",
                        "minor_faults",
                        "major_faults",
                        "voluntary_cs",
                        "involuntary_cs",
                        "fs_in_blocks",
                        "fs_out_blocks",
                        "metrics");
        JsonNode wall = root.path("workloads")
                .get(0)
                .path("variants")
                .get(0)
                .path("summary")
                .path("wall");
        assertThat(wall.fieldNames())
                .toIterable()
                .containsExactly(
                        "n",
                        "mean",
                        "sd",
                        "cv",
                        "median",
                        "min",
                        "max",
                        "mean_ci",
                        "median_ci",
                        "outliers",
                        "warnings");
        assertThat(wall.path("mean_ci").get(0).asDouble())
                .isLessThan(wall.path("mean").asDouble());
        JsonNode c = root.path("comparisons").get(0);
        assertThat(c.fieldNames())
                .toIterable()
                .contains(
                        "workload",
                        "metric",
                        "better",
                        "unit",
                        "baseline",
                        "candidate",
                        "n_baseline",
                        "n_candidate",
                        "baseline_value",
                        "candidate_value",
                        "change_pct",
                        "ci_low_pct",
                        "ci_high_pct",
                        "p_value",
                        "method",
                        "verdict",
                        "runs_needed");
    }

    @Test
    void readingItBackGivesTheSameStudy() {
        StudyResult study = Fixture.study();
        StudyResult back = OverheadJsonReader.read(JsonRenderer.render(study, "0.1.0-test"));
        assertThat(back.workloads()).isEqualTo(study.workloads());
        assertThat(back.comparisons()).isEqualTo(study.comparisons());
        assertThat(back.warnings()).isEqualTo(study.warnings());
        assertThat(back.info().id()).isEqualTo(study.info().id());
        assertThat(back.info().created()).isEqualTo(study.info().created());
    }
}
