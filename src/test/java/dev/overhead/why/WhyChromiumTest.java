package dev.overhead.why;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The why page in headless Chromium: ECharts draws the differential flame graph from the data block,
 * with the frames' names as SVG text, and the script logs no error. Skipped without Chromium
 * ({@code apt-get install chromium}; .ci/run installs it).
 */
class WhyChromiumTest {
    @TempDir
    Path dir;

    @Test
    void theFlameGraphIsDrawnWithItsFrameNames() throws Exception {
        String chromium = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome").stream()
                .filter(p -> Files.isExecutable(Path.of(p)))
                .findFirst()
                .orElse(null);
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium)");
        Path page = dir.resolve("why.html");
        Files.writeString(page, WhyHtml.render(List.of(WhyGoldenTest.report())), StandardCharsets.UTF_8);
        Process p = new ProcessBuilder(
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
                        "--dump-dom",
                        page.toUri().toString())
                .redirectError(dir.resolve("stderr.txt").toFile())
                .start();
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String log = Files.readString(dir.resolve("stderr.txt"));
        assertThat(dom).contains("data-rendered=\"1\"").contains("<svg");
        String svg = dom.substring(dom.indexOf("<svg"));
        assertThat(svg).contains(">extra_work<").contains(">common_work<");
        assertThat(log).doesNotContain("Uncaught");
    }
}
