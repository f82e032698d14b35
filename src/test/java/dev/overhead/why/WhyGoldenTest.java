package dev.overhead.why;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.report.Golden;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The text and JSON of {@code overhead why} as golden files, the same under a decimal-comma locale. */
class WhyGoldenTest {

    static WhyReport report() {
        WhyReport.Diff extra = WhyAnalysis.diff(
                "extra",
                WhyAnalysisTest.variant(0, "/lib/libc.so.6", 0),
                WhyAnalysisTest.variant(200_000, "/usr/lib/libjemalloc.so.2", 30_000),
                WhyAnalysis.Options.DEFAULT);
        return report(
                "command",
                "/tmp/profiles/why-20261203-120000",
                extra,
                List.of("an example note that is long enough to be wrapped at the eightieth column of the text"));
    }

    /** A report on ./prog of one candidate, extra, against base: 8 rounds of cpu-clock samples at 4000 Hz. */
    static WhyReport report(String workload, String directory, WhyReport.Diff diff, List<String> notes) {
        return new WhyReport(
                workload,
                "./prog",
                "cpu-clock",
                "ns",
                4000,
                "fp",
                "perf trace -s",
                8,
                List.of("base", "extra"),
                "base",
                directory,
                List.of(diff),
                notes);
    }

    @Test
    void textIsGoldenAndLocaleFree() throws Exception {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            String text = WhyText.render(report(), 12);
            Golden.check(Golden.dir("why"), "why.txt", text);
            assertThat(text.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void jsonIsGolden() throws Exception {
        Golden.check(Golden.dir("why"), "why.json", WhyJson.render(List.of(report())));
    }

    @Test
    void htmlCarriesTheFlameGraphDataAndEcharts() {
        String page = WhyHtml.render(List.of(report()));
        assertThat(page).contains("id=\"flame-0\"", "\"extra_work\"", "echarts.init");
        // the candidate's frames only: widths are its time, and a frame it never ran has none
        List<List<Object>> frames = WhyHtml.frames(report().diffs().getFirst().flame());
        assertThat(frames.getFirst().get(3)).isEqualTo("all");
        assertThat(frames).anySatisfy(f -> assertThat(f.get(3)).isEqualTo("extra_work"));
    }

    /**
     * A frame's name is the profiled program's symbol, which the program chose: one that reads {@code </script>},
     * {@code <!--} or U+2028 cannot end or bend the page's data block (it was escaped only for {@code </}).
     */
    @Test
    void aHostileSymbolCannotEndTheFlameGraphsDataBlock() {
        WhyReport plain = report();
        WhyReport.Diff d = plain.diffs().getFirst();
        String name = "f</script><script>alert(1)</script><!--<script>\u2028";
        WhyReport.FlameNode hostile = new WhyReport.FlameNode(
                d.flame().name(),
                d.flame().baseline(),
                d.flame().candidate(),
                List.of(new WhyReport.FlameNode(name, 0, d.flame().candidate(), List.of())));
        WhyReport.Diff changed = new WhyReport.Diff(
                d.candidate(),
                d.total(),
                d.wall(),
                d.baselineTotalMean(),
                d.candidateTotalMean(),
                d.baselineSamples(),
                d.candidateSamples(),
                d.symbols(),
                d.dsos(),
                d.modes(),
                d.syscalls(),
                hostile);
        String page = WhyHtml.render(List.of(report("w", "/tmp/p", changed, List.of())));
        String block = page.substring(
                page.indexOf("<script type=\"application/json\" id=\"why-data\">"),
                page.indexOf("</script>", page.indexOf("id=\"why-data\"")));
        assertThat(block).doesNotContain("<!--", "<script>", "\u2028").contains("alert(1)");
    }
}
