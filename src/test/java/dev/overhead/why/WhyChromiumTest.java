package dev.overhead.why;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Browser;
import dev.overhead.Processes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The why page in headless Chromium: ECharts draws the differential flame graph from the data block,
 * with the frames' names as SVG text, and the script logs no error. Skipped without Chromium
 * ({@code apt-get install chromium}; .ci/run installs it).
 */
@Processes
class WhyChromiumTest {
    @TempDir
    Path dir;

    @Test
    void theFlameGraphIsDrawnWithItsFrameNames() throws Exception {
        String chromium = Browser.chromium();
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium)");
        Path page = dir.resolve("why.html");
        Files.writeString(page, WhyHtml.render(List.of(WhyGoldenTest.report())), StandardCharsets.UTF_8);
        Browser browser = Browser.open(chromium, dir.resolve("profile"), page.toUri());
        String dom = browser.dom();
        assertThat(dom).contains("data-rendered=\"1\"").contains("<svg");
        String svg = dom.substring(dom.indexOf("<svg"));
        assertThat(svg).contains(">extra_work<").contains(">common_work<");
        assertThat(browser.log()).doesNotContain("Uncaught");
    }
}
