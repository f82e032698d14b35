package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every human format under a decimal point and a decimal comma, and the machine formats, against golden files. */
class ReportGoldenTest {

    static Stream<Arguments> locales() {
        return Stream.of(Arguments.of("root", Locale.ROOT), Arguments.of("de-DE", Locale.GERMANY));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locales")
    void textMatchesGolden(String tag, Locale locale) throws Exception {
        Golden.check("text." + tag + ".txt", TextRenderer.render(Fixture.study(), new RenderOptions(false, locale)));
    }

    /** With {@code --detail}: the same first screen, then each workload's tables, the commands, the environment. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("locales")
    void detailedTextMatchesGolden(String tag, Locale locale) throws Exception {
        String detail = TextRenderer.render(Fixture.study(), new RenderOptions(false, locale).withDetail(true));
        Golden.check("text-detail." + tag + ".txt", detail);
        String first = TextRenderer.render(Fixture.study(), new RenderOptions(false, locale));
        String head = first.substring(0, first.lastIndexOf("\n\nEach workload's tables, the commands") + 1);
        assertThat(detail).as("the detail follows the first screen unchanged").startsWith(head);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locales")
    void asciiTextMatchesGolden(String tag, Locale locale) throws Exception {
        Golden.check(
                "text-ascii." + tag + ".txt", TextRenderer.render(Fixture.study(), new RenderOptions(true, locale)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locales")
    void markdownMatchesGolden(String tag, Locale locale) throws Exception {
        Golden.check(
                "markdown." + tag + ".md", MarkdownRenderer.render(Fixture.study(), new RenderOptions(false, locale)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locales")
    void htmlDataBlockMatchesGolden(String tag, Locale locale) throws Exception {
        Golden.check(
                "html-data." + tag + ".json",
                HtmlRenderer.dataBlock(Fixture.study(), new RenderOptions(false, locale)));
    }

    /**
     * The whole page as a browser gets it: its data block against the same golden file as
     * {@link HtmlRenderer#dataBlock}, so the page carries exactly that data, and its markup with the
     * data and the four inlined files (stylesheet, chart library, shared chart set-up, page script) shown by name.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("locales")
    void fullHtmlPageMatchesGolden(String tag, Locale locale) throws Exception {
        String page = HtmlRenderer.render(Fixture.study(), new RenderOptions(false, locale));
        String open = "<script type=\"application/json\" id=\"overhead-data\">\n";
        int start = page.indexOf(open) + open.length();
        int end = page.indexOf("\n</script>", start);
        assertThat(start).as("the page has a data block").isGreaterThan(open.length() - 1);
        String data = page.substring(start, end);
        Golden.check("html-data." + tag + ".json", data);
        String skeleton = page.replace(data, "/* html-data." + tag + ".json */")
                .replace(classPath("dev/overhead/report/report.css"), "/* report.css */\n")
                .replace(HtmlRenderer.inert(HtmlRenderer.library()), "/* " + HtmlRenderer.ECHARTS + " */")
                .replace(classPath("dev/overhead/report/charts.js"), "/* charts.js */\n")
                .replace(classPath("dev/overhead/report/report.js"), "/* report.js */\n");
        Golden.check("html-page." + tag + ".html", skeleton);
    }

    private static String classPath(String resource) throws java.io.IOException {
        try (var in = HtmlRenderer.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Test
    void runsCsvMatchesGolden() throws Exception {
        Golden.check("runs.csv", CsvRenderer.renderRuns(Fixture.study()));
    }

    @Test
    void comparisonsCsvMatchesGolden() throws Exception {
        Golden.check("comparisons.csv", CsvRenderer.renderComparisons(Fixture.study()));
    }

    @Test
    void csvIgnoresTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            String german = CsvRenderer.renderRuns(Fixture.study()) + CsvRenderer.renderComparisons(Fixture.study());
            Locale.setDefault(Locale.ROOT);
            String root = CsvRenderer.renderRuns(Fixture.study()) + CsvRenderer.renderComparisons(Fixture.study());
            assertThat(german).isEqualTo(root);
        } finally {
            Locale.setDefault(before);
        }
    }
}
