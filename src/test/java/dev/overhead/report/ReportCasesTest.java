package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.StudyResult;
import dev.overhead.report.Studies.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The cases docs/cli.md, reports saw on the seeds' own studies, each as a golden file and the property it pins. */
class ReportCasesTest {

    private static String text(StudyResult s) {
        return TextRenderer.render(s);
    }

    private static void fits(String text) {
        assertThat(text.lines()).allSatisfy(l -> assertThat(Glyphs.width(l)).isLessThanOrEqualTo(80));
    }

    /** Seed 001's PTS file: variant names too long for a column become letters, never "HARDENED_AT…". */
    @Test
    void longVariantNamesGetLettersAndALegend() throws Exception {
        StudyResult s = Studies.study(
                "seed001",
                List.of("HARDENED_ATOMIC disabled", "HARDENED_ATOMIC enabled"),
                List.of(
                        new Row(
                                        "dbench-12-clients",
                                        "throughput",
                                        "MB/s",
                                        "HARDENED_ATOMIC enabled",
                                        109.8,
                                        -3.1,
                                        -12.8,
                                        7.6)
                                .higherIsBetter(),
                        new Row("kernel-build", "time", "s", "HARDENED_ATOMIC enabled", 504.1, 0.14, -1.6, 1.9)));
        String text = text(s);
        Golden.check("case-long-names.txt", text);
        fits(text);
        assertThat(text)
                .contains("  A  HARDENED_ATOMIC disabled (baseline)\n  B  HARDENED_ATOMIC enabled\n")
                .contains("B vs A")
                .doesNotContain("…");
    }

    /** A huge change reads as a ratio and squeezes nothing; a long metric name gets a line of its own. */
    @Test
    void hugeChangesAreRatiosAndLongMetricNamesStayWhole() throws Exception {
        String longName = "requests_completed_per_connection_under_the_full_tls_handshake";
        StudyResult s = Studies.study(
                "huge",
                List.of("plain", "traced"),
                List.of(
                        new Row("ls", "wall", "s", "traced", 0.2, 10.2, 8.1, 12.3),
                        new Row("ls", "voluntary_cs", "", "traced", 12, 78_922_272, 70_000_000, 88_000_000),
                        new Row("ls", "minor_faults", "", "traced", 1312, 960, 900, 1020),
                        new Row("ls", longName, "requests/s", "traced", 5123, -4.2, -6.0, -2.5).higherIsBetter()));
        String text = text(s);
        Golden.check("case-huge-change.txt", text);
        fits(text);
        assertThat(text)
                .contains("×7.9e5")
                .contains("×10.6")
                .contains("minor faults")
                .contains(longName)
                .doesNotContain("+78922272%")
                .doesNotContain("…");
    }

    /** Declared units keep their own prefix, counts of things get none: 1994 bogo ops, not 1.994 kbogo ops. */
    @Test
    void onlyBaseUnitsArePrefixed() throws Exception {
        StudyResult s = Studies.study(
                "units",
                List.of("off", "on"),
                List.of(
                        new Row("stress-ng", "bogo_ops", "bogo ops", "on", 1994, 0.6, -1.0, 2.2).higherIsBetter(),
                        new Row("stress-ng", "latency", "ms", "on", 0.2, 3.0, 1.0, 5.0),
                        new Row("stress-ng", "rate", "MB/s", "on", 2500, -3.4, -5.0, -1.9).higherIsBetter(),
                        new Row("stress-ng", "wall", "s", "on", 0.0423, 2.0, 1.1, 2.9)));
        String text = TextRenderer.render(s, new RenderOptions(false, Locale.ROOT, List.of("all")));
        Golden.check("case-units.txt", text);
        assertThat(text)
                .contains("bogo ops")
                .contains("1994")
                .doesNotContain("kbogo")
                .doesNotContain("mms")
                .doesNotContain("µms")
                .doesNotContain("kMB/s")
                .contains(" ms ");
    }

    /** A relative change cannot fall below −100%, whatever interval a count's comparison carries. */
    @Test
    void countIntervalsNeverShowBelowMinusOneHundred() {
        StudyResult s = Studies.study(
                "faults",
                List.of("a", "b"),
                List.of(
                        new Row("build", "wall", "s", "b", 10, 0.1, -0.2, 0.4),
                        new Row("build", "major_faults", "", "b", 3, -60, -413, 80)));
        String text = TextRenderer.render(s, new RenderOptions(false, Locale.ROOT, List.of("all")));
        assertThat(text).contains("[−100, +80.0]").doesNotContain("−413");
    }

    /** A study of one variant prints its figures and says there is nothing to compare. */
    @Test
    void oneVariantStudyPrintsItsFigures() throws Exception {
        StudyResult s =
                Studies.study("alone", List.of("glibc"), List.of(new Row("sort", "wall", "s", null, 0.0423, 0, 0, 0)));
        String text = text(s);
        Golden.check("case-one-variant.txt", text);
        assertThat(text).contains("nothing to compare").contains("42.30 ±1.6%").contains("wall");
    }

    /**
     * Eight metrics, two others decisive by their own interval but not after Holm (p = 0.03 among 8):
     * the summary shows the primary and only the metric that survives; with an inconclusive primary,
     * the gate stays shut and the summary shows the primary alone.
     */
    @Test
    void headlineKeepsOnlySecondariesThatSurviveHolmBehindAPrimaryVerdict() {
        for (boolean primaryWorse : List.of(true, false)) {
            List<Row> rows = new ArrayList<>();
            rows.add(
                    primaryWorse
                            ? new Row("sleep", "wall", "s", "b", 0.2, 3.0, 2.0, 4.0).withP(0.001)
                            : new Row("sleep", "wall", "s", "b", 0.2, 0.1, -0.5, 0.7));
            rows.add(new Row("sleep", "max_rss", "KiB", "b", 1100, 2.0, 1.2, 2.8).withP(0.03));
            rows.add(new Row("sleep", "minor_faults", "", "b", 80, -2.0, -2.8, -1.2).withP(0.03));
            rows.add(new Row("sleep", "cpu", "s", "b", 0.5, 5.0, 4.0, 6.0).withP(0.0001));
            for (String m : List.of("voluntary_cs", "involuntary_cs", "fs_in", "fs_out")) {
                rows.add(new Row("sleep", m, "", "b", 10, 0.0, -30, 30));
            }
            String text = text(Studies.study("aa", List.of("a", "b"), rows));
            String summary = text.substring(text.indexOf("summary:"), text.indexOf("\nsleep\n"));
            assertThat(summary).contains("wall").doesNotContain("max RSS").doesNotContain("minor");
            if (primaryWorse) {
                assertThat(summary).contains("cpu");
            } else {
                assertThat(summary).doesNotContain("cpu");
            }
            // the tables still show them, with their own verdicts
            assertThat(text.substring(text.indexOf("\nsleep\n")))
                    .contains("max RSS")
                    .contains("minor faults");
            assertThat(text).contains("holds after Holm's correction over its");
        }
    }

    /**
     * Issue 28.3: five workloads, one of them worse by its own interval (p = 0.03): the summary is
     * one family, so there it reads inconclusive* (Holm over 5 rows needs p <= 0.01), while the
     * workload's table keeps its own worse; the JSON's summary says what the summary shows.
     */
    @Test
    void theSummaryIsOneFamilyAndItsTablesKeepTheirOwnVerdicts() throws Exception {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("w0", "wall", "s", "b", 0.2, 3.0, 0.5, 5.5).withP(0.03));
        for (int i = 1; i < 5; i++) {
            rows.add(new Row("w" + i, "wall", "s", "b", 0.2, 0.5, -2, 3).withP(0.6));
        }
        StudyResult study = Studies.study("five", List.of("a", "b"), rows);
        String text = text(study);
        String summary = text.substring(text.indexOf("summary:"), text.indexOf("\nw0\n"));
        assertThat(summary).contains("inconclusive*").doesNotContain("worse");
        assertThat(text.substring(text.indexOf("\nw0\n"))).contains("worse");
        assertThat(text.replaceAll("\\s+", " ")).contains("Holm's correction over its 5 rows (inconclusive* marks");
        com.fasterxml.jackson.databind.JsonNode json =
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(JsonRenderer.render(study, "test"));
        assertThat(json.path("summary")).hasSize(5);
        assertThat(json.path("summary").get(0).path("workload").asText()).isEqualTo("w0");
        assertThat(json.path("summary").get(0).path("verdict").asText()).isEqualTo("inconclusive");
        assertThat(json.path("summary").get(0).path("ci_low_pct").asDouble()).isEqualTo(0.5);
        assertThat(json.path("comparisons").get(0).path("verdict").asText()).isEqualTo("worse");
    }

    /** sleep 0.2 against sleep 0.25: user and sys sit within a few 4 ms ticks, so their split gets no verdict. */
    @Test
    void userAndSysWithinTicksGetNoVerdict() {
        StudyResult s = Studies.study(
                "ticks",
                List.of("short", "long"),
                List.of(
                        new Row("sleep", "wall", "s", "long", 0.2, 25.0, 24.8, 25.2),
                        new Row("sleep", "user", "s", "long", 0.0008, -100, -100, -99),
                        new Row("sleep", "sys", "s", "long", 0.0011, 182, 150, 210),
                        new Row("sleep", "cpu", "s", "long", 0.0019, 1.0, -5, 7)));
        String text = TextRenderer.render(s, new RenderOptions(false, Locale.ROOT, List.of("all")));
        assertThat(text.lines().filter(l -> l.startsWith("user ") || l.startsWith("sys ")))
                .hasSize(2)
                .allSatisfy(l ->
                        assertThat(l).endsWith("—").doesNotContain("better").doesNotContain("worse"));
        assertThat(text).contains("user, sys: each run's figure is within 10 ticks of 4 ms");
        String summary = text.substring(text.indexOf("summary:"), text.indexOf("\nsleep\n"));
        assertThat(summary).doesNotContain("user").doesNotContain("sys");
    }

    /** --metrics chooses what the tables show, in its order. */
    @Test
    void metricsOptionChoosesTheRows() {
        String text =
                TextRenderer.render(Fixture.study(), new RenderOptions(false, Locale.ROOT, List.of("max_rss", "sys")));
        String sort = text.substring(text.indexOf("\nsort\n"), text.indexOf("\nhackbench[groups=5]\n"));
        assertThat(sort.lines().filter(l -> l.startsWith("max RSS") || l.startsWith("sys")))
                .hasSize(3); // max RSS for both candidates, sys for hardened only
        assertThat(sort)
                .doesNotContain("\nwall ")
                .doesNotContain("minor faults")
                .doesNotContain("not shown");
        // the summary keeps each workload's primary
        assertThat(text.substring(0, text.indexOf("\nsort\n"))).containsPattern("\nsort +hardened +wall +\\+31\\.0%");
    }

    /** Markdown that reads as plain text: intervals and swept names without backslashes. */
    @Test
    void markdownKeepsBracketsPlain() {
        String md = MarkdownRenderer.render(Fixture.study());
        assertThat(md)
                .contains("[+29.8, +32.2]")
                .contains("hackbench[groups=5]")
                .doesNotContain("\\[")
                .doesNotContain("\\]")
                .doesNotContain("max\\_rss");
        assertThat(MarkdownRenderer.escape("[click](javascript:x)")).isEqualTo("[click\\](javascript:x)");
    }
}
