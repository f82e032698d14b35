package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.Run;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.verdicts.Judge;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A study repeated over builds (issue 17): every human format says where the runs came from and
 * that the intervals are over builds, the HTML table adds units, variance split and builds needed,
 * and the comparisons CSV carries design, units, units needed and the share at its end.
 */
class ReportDesignTest {

    private static Run run(int i, double wall, long rss, int build) {
        return new Run(
                        i,
                        i,
                        i / 2,
                        Instant.parse("2026-12-03T09:00:00Z").plusSeconds(i),
                        0,
                        null,
                        false,
                        wall,
                        wall * 0.9,
                        wall * 0.1,
                        rss,
                        true,
                        100,
                        0,
                        2,
                        1,
                        0,
                        0,
                        Map.of(),
                        null,
                        null)
                .inUnit(build, null);
    }

    /** Three builds of four runs; a build moves all its runs by its own factor (its layout). */
    private static VariantResult variant(String name, double... builds) {
        List<Run> runs = new ArrayList<>();
        double[] within = {1.0, 1.004, 0.997, 1.002};
        for (int b = 0; b < builds.length; b++) {
            for (int k = 0; k < within.length; k++) {
                int i = b * within.length + k;
                runs.add(run(i, 0.05 * builds[b] * within[k], 5000 + 10L * k, b + 1));
            }
        }
        return new VariantResult(Variant.plain(name), runs);
    }

    static StudyResult study() {
        Workload w = new Workload("layout", List.of("./layout", "20000"), false, Map.of(), List.of(), List.of());
        StudySettings settings = StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Fixed(12))
                .seed(7L)
                .build();
        StudyResult raw = new StudyResult(
                new StudyInfo("20261203-090000-b1d5", "builds", Instant.parse("2026-12-03T09:00:00Z"), settings),
                Map.of(),
                List.of(new WorkloadResult(
                        w, List.of(variant("O1", 1.0, 1.04, 0.97), variant("O2", 1.02, 0.99, 1.07)))),
                List.of(),
                List.of(),
                List.of());
        return Judge.of(settings).analyse(raw, "O1", settings.compare());
    }

    @Test
    void textSaysTheRunsCameFromBuildsAndTheIntervalsAreOverThem() throws Exception {
        String text = TextRenderer.render(study(), RenderOptions.DEFAULT.withDetail(true));
        Golden.check("case-builds.txt", text);
        assertThat(text.lines()).allSatisfy(l -> assertThat(Glyphs.width(l)).isLessThanOrEqualTo(80));
        assertThat(text)
                .contains("runs: O1 12 over 3 builds, O2 12 over 3 builds")
                .contains("variance between builds")
                .containsPattern("about \\d+ builds\\s+for wall")
                .contains("Design: each variant ran in 3 builds");
    }

    @Test
    void htmlTableAddsBuildsTheVarianceSplitAndBuildsNeeded() {
        String html = HtmlRenderer.render(study());
        String block = html.substring(html.indexOf("<h3>O2 vs O1</h3>"));
        block = block.substring(0, block.indexOf("</table>"));
        assertThat(block)
                .contains("<th class=\"num\">interval</th><th class=\"num\">builds</th>"
                        + "<th class=\"num\">between builds</th><th class=\"num\">builds needed</th><th>verdict</th>");
        String wall = block.substring(block.indexOf("<tr><td>wall</td>"));
        wall = wall.substring(0, wall.indexOf("</tr>"));
        // wall: 3 builds a side, inconclusive, so the builds that would settle it
        assertThat(wall).contains("<td class=\"num\">3</td>").containsPattern("<td class=\"num\">about \\d+</td>");
        assertThat(html).contains("Design: each variant ran in 3 builds");
    }

    @Test
    void htmlOfAStudyWithoutLevelsHasNoDesignColumns() {
        String html = HtmlRenderer.render(Fixture.study());
        assertThat(html).doesNotContain("between builds").doesNotContain("Design:");
    }

    @Test
    void comparisonsCsvEndsWithTheDesign() throws Exception {
        String csv = CsvRenderer.renderComparisons(study());
        Golden.check("comparisons-builds.csv", csv);
        assertThat(csv.lines().findFirst().orElseThrow())
                .endsWith(",runs_needed,warnings,design,units,units_needed,variance_between_share");
        String wall = csv.lines().filter(l -> l.contains(",wall,")).findFirst().orElseThrow();
        // over builds, runs_needed stays empty (as in the JSON) and units_needed counts builds
        assertThat(wall).contains(",inconclusive,,").containsPattern(",builds,3,\\d+,0\\.\\d+$");
    }
}
