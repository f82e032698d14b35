package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TextRendererTest {

    @Test
    void everyLineFitsEightyColumnsInEveryVariantOfTheTextReport() {
        for (StudyResult study : List.of(Fixture.study(), Fixture.hostile())) {
            for (Locale locale : List.of(Locale.ROOT, Locale.GERMANY)) {
                for (boolean ascii : List.of(false, true)) {
                    RenderOptions options = new RenderOptions(ascii, locale);
                    String text =
                            TextRenderer.render(study, options) + TextRenderer.render(study, options.withDetail(true));
                    assertThat(text.lines())
                            .allSatisfy(line -> assertThat(Glyphs.width(line))
                                    .as("width of %s", line)
                                    .isLessThanOrEqualTo(TextRenderer.WIDTH));
                }
            }
        }
    }

    @Test
    void asciiOutputIsSevenBitWithPlainStandIns() {
        String text = TextRenderer.render(Fixture.study(), new RenderOptions(true, Locale.ROOT).withDetail(true));
        assertThat(text.chars()).allMatch(c -> c < 128);
        assertThat(text)
                .contains("better max RSS -44.5%")
                .contains("max RSS      MiB  5.000 +-0.8% 2.775 +-0.8% -44.5% [-45.1, -43.9] better")
                .contains("+-0.8%")
                .contains(" x2.50 [x2.40, x2.61] worse");
    }

    @Test
    void summaryNamesWorkloadCandidateMetricChangeIntervalAndVerdict() {
        String text = TextRenderer.render(Fixture.study());
        assertThat(text)
                .contains("summary: each workload's primary metric, against glibc\n")
                .contains("sort                 hardened wall   +31.0% [+29.8, +32.2] worse\n")
                // the other metrics decisive after Holm, a line per workload and candidate under the table
                .contains("- sort, hardened: worse cpu +28.4%; better max RSS −44.5%\n");
    }

    @Test
    void decimalCommaLocaleSeparatesIntervalEndsWithASemicolon() {
        String text = TextRenderer.render(Fixture.study(), new RenderOptions(false, Locale.GERMANY));
        assertThat(text).contains("wall   +31,0% [+29,8; +32,2] worse");
    }

    @Test
    void inconclusiveSaysHowManyRunsWouldSettleIt() {
        assertThat(TextRenderer.render(Fixture.study(), RenderOptions.DEFAULT.withDetail(true)))
                .contains(
                        "* runs per variant that would likely settle the inconclusive: about 40 for wall\n    (traced)");
    }

    @Test
    void overlongMetricNamesAndCommandsStillFit() {
        StudyResult study = Fixture.study();
        var w = study.workloads().getFirst();
        var longCommand = new dev.overhead.model.Workload(
                w.name(),
                List.of("/opt/" + "very-long-path-component/".repeat(6) + "bin", "--flag=" + "x".repeat(120)),
                false,
                Map.of(),
                List.of(),
                List.of());
        var renamed = study.comparisons().stream()
                .map(r -> new dev.overhead.model.ComparisonRow(
                        r.workload(),
                        r.metric().equals("wall") ? "a_parsed_metric_with_a_rather_long_name" : r.metric(),
                        r.unit(),
                        r.baseline(),
                        r.candidate(),
                        r.comparison()))
                .toList();
        StudyResult odd = new StudyResult(
                study.info(),
                study.environment(),
                List.of(new dev.overhead.model.WorkloadResult(longCommand, w.variants())),
                renamed,
                study.warnings(),
                List.of());
        assertThat((TextRenderer.render(odd) + TextRenderer.render(odd, RenderOptions.DEFAULT.withDetail(true)))
                        .lines())
                .allSatisfy(line -> assertThat(Glyphs.width(line)).isLessThanOrEqualTo(TextRenderer.WIDTH));
    }

    @Test
    void emptyStudyRendersWithoutFailing() {
        StudyResult empty = new StudyResult(
                new StudyInfo("x", null, Instant.EPOCH, StudySettings.readFrom(null)),
                Map.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of());
        assertThat(TextRenderer.render(empty)).startsWith("study x,");
        assertThat(MarkdownRenderer.render(empty)).contains("study x").doesNotContain("## Commands");
        assertThat(HtmlRenderer.render(empty)).contains("overhead-data");
        assertThat(CsvRenderer.renderRuns(empty)).startsWith("study,workload,parameters,variant,");
    }
}
