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
