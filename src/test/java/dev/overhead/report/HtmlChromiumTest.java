package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
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
class HtmlChromiumTest {
    private static final List<String> CANDIDATES =
            List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome");

    @TempDir
    static Path dir;

    static String dom;
    static String log;
    static String chromium;

    @BeforeAll
    static void renderInChromium() throws Exception {
        chromium = CANDIDATES.stream()
                .filter(p -> Files.isExecutable(Path.of(p)))
                .findFirst()
                .orElse(null);
        if (chromium == null) {
            return;
        }
        Path page = dir.resolve("report.html");
        Files.writeString(
                page,
                HtmlRenderer.render(Fixture.hostile(), new RenderOptions(false, Locale.GERMANY)),
                StandardCharsets.UTF_8);
        List<String> command = new ArrayList<>(List.of(
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--user-data-dir=" + dir.resolve("profile"),
                "--enable-logging=stderr",
                "--v=0",
                "--virtual-time-budget=5000",
                "--window-size=1280,6000",
                "--dump-dom",
                page.toUri().toString()));
        Process p = new ProcessBuilder(command)
                .redirectError(dir.resolve("stderr.txt").toFile())
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("chromium did not finish within 120 s");
        }
        dom = new String(out, StandardCharsets.UTF_8);
        log = Files.readString(dir.resolve("stderr.txt"));
        String shot = System.getProperty("overhead.report.screenshot");
        if (shot != null) {
            List<String> shotCommand = new ArrayList<>(command.subList(0, command.size() - 2));
            shotCommand.addAll(List.of("--screenshot=" + shot, page.toUri().toString()));
            new ProcessBuilder(shotCommand)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("shot.txt").toFile())
                    .start()
                    .waitFor(120, TimeUnit.SECONDS);
            Files.copy(page, Path.of(shot + ".html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
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
        List<String> bad = log.lines()
                .filter(l -> l.contains("CONSOLE") || l.contains("Uncaught"))
                .filter(l -> l.contains("Uncaught") || l.contains("ERROR:CONSOLE") || l.contains("Error"))
                .toList();
        assertThat(bad).isEmpty();
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
        // the page's own three scripts (data, library, charts) and no other
        assertThat(count(dom, "<script")).isEqualTo(3);
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

    /** The body's start tag, where the page records that it rendered (or failed). */
    private static String body() {
        Matcher m = Pattern.compile("<body[^>]*>").matcher(dom);
        return m.find() ? m.group() : "";
    }

    private static int count(String haystack, String needle) {
        int n = 0;
        for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
