package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.stats.Verdict;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class FormattingTest {
    private final Glyphs unicode = new Glyphs(false);
    private final Numbers root = new Numbers(Locale.ROOT, unicode);

    @Test
    void secondsScaleFromNanosecondsToSeconds() {
        assertThat(Scale.of("s", 1.5e-8, unicode).label()).isEqualTo("ns");
        assertThat(Scale.of("s", 2.5e-5, unicode).label()).isEqualTo("µs");
        assertThat(Scale.of("s", 2.5e-5, new Glyphs(true)).label()).isEqualTo("us");
        assertThat(Scale.of("s", 0.0423, unicode)).isEqualTo(new Scale(1e3, "ms"));
        assertThat(Scale.of("s", 12, unicode)).isEqualTo(new Scale(1, "s"));
    }

    @Test
    void kibibytesScaleInPowersOf1024() {
        assertThat(Scale.of("KiB", 900, unicode).label()).isEqualTo("KiB");
        assertThat(Scale.of("KiB", 5120, unicode)).isEqualTo(new Scale(1.0 / 1024, "MiB"));
        assertThat(Scale.of("KiB", 3 * 1024 * 1024, unicode).label()).isEqualTo("GiB");
    }

    @Test
    void onlyBaseUnitsScale() {
        // counts of things and units declared with a prefix are shown as they are (no kbogo ops, no mms)
        assertThat(Scale.of("", 45_000, unicode)).isEqualTo(new Scale(1, ""));
        assertThat(Scale.of("bogo ops", 1994, unicode)).isEqualTo(new Scale(1, "bogo ops"));
        assertThat(Scale.of("ms", 0.2, unicode)).isEqualTo(new Scale(1, "ms"));
        assertThat(Scale.of("MB/s", 2500, unicode)).isEqualTo(new Scale(1, "MB/s"));
        assertThat(Scale.of("msg/s", 48_250, unicode)).isEqualTo(new Scale(1, "msg/s"));
        assertThat(Scale.of("B", 35_014_784, unicode)).isEqualTo(new Scale(1.0 / 1024 / 1024, "MiB"));
        assertThat(Scale.of("bytes", 512, unicode)).isEqualTo(new Scale(1, "B"));
    }

    @Test
    void changesBeyondADoublingReadAsRatios() {
        assertThat(root.change(960, Numbers.asRatio(960, 1000))).isEqualTo("×10.6");
        assertThat(root.change(150.2, true)).isEqualTo("×2.50");
        assertThat(root.times(78_922_272)).isEqualTo("×7.9e5");
        assertThat(root.interval(140.3, 160.9, true)).isEqualTo("[×2.40, ×2.61]");
        assertThat(Numbers.asRatio(31, 45)).isFalse();
    }

    @Test
    void noIntervalEndBelowMinusOneHundredPercent() {
        assertThat(root.interval(-413, 213)).isEqualTo("[−100, +213]");
        assertThat(root.interval(-413, 213, true)).isEqualTo("[×0.00, ×3.13]");
    }

    @Test
    void valuesKeepFourSignificantDigits() {
        assertThat(root.value(42.3)).isEqualTo("42.30");
        assertThat(root.value(1.85)).isEqualTo("1.850");
        assertThat(root.value(850)).isEqualTo("850.0");
        assertThat(root.value(1312)).isEqualTo("1312");
        assertThat(root.value(-0.5)).isEqualTo("−0.5000");
        assertThat(new Numbers(Locale.GERMANY, unicode).value(42.3)).isEqualTo("42,30");
    }

    @Test
    void changesCarryAnExplicitSign() {
        assertThat(root.pct(31.0)).isEqualTo("+31.0%");
        assertThat(root.pct(-44.5)).isEqualTo("−44.5%");
        assertThat(root.pct(150.2)).isEqualTo("+150%");
        // a relative change cannot fall below −100%; an end without bound is shown as one
        assertThat(root.interval(Double.NEGATIVE_INFINITY, 3)).isEqualTo("[−100, +3.0]");
        assertThat(root.interval(33511, Double.POSITIVE_INFINITY, true)).isEqualTo("[×336, ×inf]");
        assertThat(root.interval(Double.NaN, 3)).isEqualTo("n/a");
    }

    @Test
    void csvQuotesOnlyWhatNeedsIt() {
        assertThat(CsvRenderer.quote("plain")).isEqualTo("plain");
        assertThat(CsvRenderer.quote("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvRenderer.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvRenderer.quote("two\nlines")).isEqualTo("\"two\nlines\"");
        assertThat(CsvRenderer.number(8.5e-4)).isEqualTo("0.00085");
        assertThat(CsvRenderer.number(Double.NaN)).isEmpty();
    }

    @Test
    void shellQuotingKeepsCommandsPasteable() {
        assertThat(Labels.quote("/usr/share/dict/words")).isEqualTo("/usr/share/dict/words");
        assertThat(Labels.quote("it's")).isEqualTo("'it'\\''s'");
        assertThat(Labels.quote("")).isEqualTo("''");
    }

    @Test
    void markdownEscapesTableBreakersAndHtml() {
        assertThat(MarkdownRenderer.escape("a|b <script>")).isEqualTo("a\\|b \\<script\\>");
        assertThat(MarkdownRenderer.code("x ` y")).isEqualTo("``x ` y``");
    }

    @Test
    void htmlDataBlockCannotCloseItsScriptElement() {
        assertThat(HtmlData.escapeForScript("{\"c\":\"</script><!--&\"}"))
                .isEqualTo("{\"c\":\"\\u003c/script\\u003e\\u003c!--\\u0026\"}");
    }

    @Test
    void formatNamesParseAndUnknownOnesAreRefusedWithTheChoices() {
        assertThat(Format.parse("MD")).isEqualTo(Format.MARKDOWN);
        assertThatThrownBy(() -> Format.parse("pdf")).hasMessageContaining("text, markdown, csv, html, json");
    }

    /** Variant "hardened" at run 12 of 40, 0:42 elapsed, ~1:30 left, spread ±1.23%. */
    private static String hardened(Verdict verdict, double[] intervalPct, int width) {
        return ProgressLine.render(
                "hardened",
                12,
                40,
                Duration.ofSeconds(42),
                Duration.ofSeconds(90),
                1.23,
                verdict,
                intervalPct,
                width,
                false);
    }

    @Test
    void progressLineShowsEverythingWhenThereIsRoom() {
        String line = hardened(Verdict.INCONCLUSIVE, null, 100);
        assertThat(line)
                .endsWith("hardened  run 12/40  0:42 elapsed  ~1:30 left  ±1.2%  inconclusive")
                .startsWith("[");
        assertThat(Glyphs.width(line)).isLessThanOrEqualTo(100);
    }

    @Test
    void progressLineShowsTheCurrentIntervalAfterTheVerdictAndDropsItFirst() {
        double[] ci = {-0.41, 2.93};
        String wide = hardened(Verdict.INCONCLUSIVE, ci, 120);
        assertThat(wide).endsWith("±1.2%  inconclusive  [−0.4%, +2.9%]");
        String ascii = ProgressLine.render(
                "hardened", 12, 40, Duration.ofSeconds(42), null, Double.NaN, Verdict.INCONCLUSIVE, ci, 120, true);
        assertThat(ascii).endsWith("inconclusive  [-0.4%, +2.9%]");
        String narrow = hardened(Verdict.INCONCLUSIVE, ci, 70);
        assertThat(narrow).doesNotContain("[−0.4%").contains("inconclusive");
    }

    @Test
    void progressLineDropsTheLeastNeededPartsWhenNarrow() {
        String line = hardened(Verdict.WORSE, null, 30);
        assertThat(line).isEqualTo("hardened  run 12/40  worse");
        assertThat(ProgressLine.render("v", 3, 0, Duration.ofHours(2), null, Double.NaN, null, null, 80, true))
                .isEqualTo("v  run 3  2:00:00 elapsed");
        assertThat(Glyphs.width(ProgressLine.render(
                        "a-very-long-variant-name", 1, 2, Duration.ZERO, null, Double.NaN, null, null, 10, false)))
                .isLessThanOrEqualTo(10);
    }
}
