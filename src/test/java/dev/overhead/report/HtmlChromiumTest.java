package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Browser;
import dev.overhead.Processes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML page in a real browser (headless Chromium): it renders offline, shows its verdicts and
 * charts, logs no errors, and user text stays text. Skipped where Chromium is not installed
 * ({@code apt-get install chromium}; .ci/run installs it).
 */
@Processes
class HtmlChromiumTest {
    @TempDir
    static Path dir;

    static Browser page;
    static String dom;
    static String chromium;

    @BeforeAll
    static void renderInChromium() throws Exception {
        chromium = Browser.chromium();
        if (chromium == null) {
            return;
        }
        Path file = dir.resolve("report.html");
        Files.writeString(
                file,
                HtmlRenderer.render(Fixture.hostile(), new RenderOptions(false, Locale.GERMANY)),
                StandardCharsets.UTF_8);
        // tall enough that every chart is drawn
        page = Browser.open(chromium, dir.resolve("profile"), file.toUri(), 6000);
        dom = page.dom();
        String shot = System.getProperty("overhead.report.screenshot");
        if (shot != null) {
            Browser.screenshot(chromium, dir.resolve("profile"), file.toUri(), Path.of(shot), 6000);
            Files.copy(file, Path.of(shot + ".html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void needChromium() {
        assumeTrue(
                chromium != null,
                "chromium is not installed (apt-get install chromium); the HTML page is "
                        + "checked only in a browser");
    }

    @Test
    void scriptsRanWithoutErrorsAndDrewEveryChart() {
        needChromium();
        assertThat(body()).as("the page's error record").doesNotContain("data-errors");
        Matcher rendered = Pattern.compile("data-rendered=\"(\\d+)\"").matcher(body());
        assertThat(rendered.find()).as("the charts script finished").isTrue();
        int charts = Integer.parseInt(rendered.group(1));
        // forest + per workload one sequence chart and one box chart per compared metric + parameter chart
        assertThat(charts).isGreaterThanOrEqualTo(1 + 3 + 5 + 3 + 3 + 1);
        assertThat(count(dom, "<svg")).isGreaterThanOrEqualTo(charts);
    }

    @Test
    void consoleShowsNoErrors() {
        needChromium();
        assertThat(page.consoleErrors()).isEmpty();
    }

    @Test
    void verdictsAreShownAndColouredByWord() {
        needChromium();
        for (String verdict : List.of("worse", "better", "equivalent", "inconclusive")) {
            assertThat(dom.contains("<span class=\"verdict " + verdict + "\">" + verdict + "</span>"))
                    .as("a coloured %s", verdict)
                    .isTrue();
        }
    }

    @Test
    void hostileCommandAppearsAsTextAndNeverRuns() {
        needChromium();
        assertThat(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
                .as("the command shown as text")
                .isTrue();
        assertThat(body()).doesNotContain("data-pwned");
        // the page's own four scripts (data, library, shared chart set-up, charts) and no other
        assertThat(count(dom, "<script")).isEqualTo(4);
        assertThat(count(dom.replaceAll("(?s)<script\\b.*?</script>", ""), "<img"))
                .as("img elements")
                .isZero();
    }

    @Test
    void pageFetchesNothing() {
        String html = HtmlRenderer.render(Fixture.study());
        assertThat(html).doesNotContainPattern("(?i)(src|href)\\s*=\\s*\"?(https?:)?//");
        assertThat(html).doesNotContainPattern("(?i)<link\\b");
    }

    private static String body() {
        return page.body();
    }

    private static int count(String haystack, String needle) {
        int n = 0;
        for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
