package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overhead.Browser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code overhead serve} end to end: a store filled by {@code run --fake-exec} and {@code import}, the
 * real launcher serving it on a free port, the pages fetched over HTTP and drawn in headless Chromium
 * (skipped with a reason where it is missing), and the server stopped by Ctrl-C (SIGINT). With
 * {@code -Doverhead.serve.screenshots=DIR} the pages are also saved as PNG files there.
 */
class ServeIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HOSTILE = "<img src=x onerror=\"document.body.setAttribute('data-pwned',1)\">&'";
    private static final String WORKLOAD = "fake wall=1 jitter=1%";
    private static final String SUBMISSION = "20261203-141500-3b9d";

    private static final Launcher overhead = new Launcher();
    private static final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static Launcher.Running server;
    private static URI base;
    private static Path store;
    private static final List<String> hackbench = new ArrayList<>(); // ids, oldest first

    @BeforeAll
    static void fillTheStoreAndServeIt() throws Exception {
        overhead.beforeEach(null);
        store = overhead.home().resolve("team.db");
        // the same plan six times: stackleak costs 2% three times, then 10% (a change point at the 4th)
        for (String scale : List.of("1.02", "1.02", "1.02", "1.10", "1.10", "1.10")) {
            fakeStudy("hackbench", scale, "7");
            hackbench.add(newest());
        }
        // the newest of them as measured on a second machine, imported from its JSON
        var json = overhead.run("report", "--store", store.toString(), hackbench.get(5), "--format", "json");
        ObjectNode other = (ObjectNode) JSON.readTree(json.stdout());
        ((ObjectNode) other.path("study")).put("id", "20261203-235959-beef");
        other.set("environment", JSON.readTree("{\"machine\": \"lab-b\", \"kernel\": {\"release\": \"6.1.0\"}}"));
        Path file = overhead.home().resolve("lab-b.json");
        Files.writeString(file, JSON.writeValueAsString(other));
        Path csv = SampleCsv.dbench(
                overhead.home().resolve("dbench.csv"), new double[] {100.1, 99.8, 100.3}, new double[] {96.2, 95.9, 96.4
                });
        var imported = overhead.run("import", "--store", store.toString(), file.toString(), csv.toString());
        assertThat(imported.exitCode()).as(imported.toString()).isZero();
        var hostile = overhead.run(
                "run",
                "--fake-exec",
                "--store",
                store.toString(),
                "--label",
                HOSTILE,
                "--runs",
                "3",
                "-V",
                "base:",
                "-V",
                "x: FAKE_SCALE=1.5",
                "--",
                "fake",
                "wall=1");
        assertThat(hostile.exitCode()).as(hostile.toString()).isZero();

        // one submission on three machines (as 'overhead agent' labels them), one with a hostile name
        for (String machine : List.of("alpha", "beta", HOSTILE)) {
            String scale = machine.equals("alpha") ? "1.04" : machine.equals("beta") ? "1.02" : "1.08";
            fakeStudy(SUBMISSION + "@" + machine, scale, "11");
        }

        server = overhead.start(Map.of(), "serve", "--store", store.toString(), "--port", "0");
        base = URI.create(ServeAddress.await(server));
    }

    /** A study of {@link #WORKLOAD} measured by the fake executor: stackleak costs {@code scale} times base. */
    private static void fakeStudy(String label, String scale, String seed) throws Exception {
        var r = overhead.run(
                "run",
                "--fake-exec",
                "--store",
                store.toString(),
                "--label",
                label,
                "--runs",
                "5",
                "--seed",
                seed,
                "-V",
                "base:",
                "-V",
                "stackleak: FAKE_SCALE=" + scale,
                "--",
                "fake",
                "wall=1",
                "jitter=1%");
        assertThat(r.exitCode()).as(r.toString()).isZero();
    }

    private static String newest() throws Exception {
        var list = overhead.run("list", "--store", store.toString());
        return list.stdout().lines().skip(1).findFirst().orElseThrow().split("\\s+")[0];
    }

    @AfterAll
    static void stopTheServer() throws Exception {
        try {
            if (server != null && server.process().isAlive()) {
                server.process().destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        } finally {
            overhead.afterEach(null);
        }
    }

    private static HttpResponse<String> get(String pathAndQuery) throws Exception {
        return http.send(
                HttpRequest.newBuilder(base.resolve(pathAndQuery)).GET().build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    @Test
    void theListShowsEveryStudyAndEscapesTheHostileLabel() throws Exception {
        var r = get("/");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("12 of 12 studies").contains("dbench").contains("lab-b");
        assertThat(r.body()).doesNotContain("<img src=x").contains("&lt;img src=x onerror=&quot;document.body");
        assertThat(get("/?machine=lab-b").body()).contains("1 of 12 studies");
        assertThat(r.headers().firstValue("Content-Security-Policy"))
                .get()
                .asString()
                .contains("default-src 'none'");
    }

    @Test
    void aStudysPageIsItsHtmlReport() throws Exception {
        String id = hackbench.get(3);
        var page = get("/study/" + id);
        assertThat(page.statusCode()).isEqualTo(200);
        var report = overhead.run("report", "--store", store.toString(), id, "--format", "html");
        assertThat(report.exitCode()).as(report.toString()).isZero();
        String bar = "<body>\n<nav class=\"serve\"";
        String withoutBar = page.body().replaceFirst("<nav class=\"serve\"[^\n]*</nav>\n", "");
        assertThat(page.body()).contains(bar);
        assertThat(withoutBar).isEqualTo(report.stdout());
    }

    @Test
    void theHistoryFindsTheChangeAtTheFourthStudy() throws Exception {
        var r = get("/api/history?label=hackbench&workload=" + enc(WORKLOAD) + "&metric=wall&variant=stackleak");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode chart = JSON.readTree(r.body());
        JsonNode here = chart.path("series").get(0);
        assertThat(here.path("points")).hasSize(6);
        assertThat(here.path("steps")).hasSize(1);
        assertThat(here.path("steps").get(0).path("study").asText()).isEqualTo(hackbench.get(3));
        assertThat(chart.path("series").get(1).path("machine").asText()).isEqualTo("lab-b");
        var page = get("/history?label=hackbench&workload=" + enc(WORKLOAD) + "&metric=wall&variant=stackleak");
        assertThat(page.body()).contains("at study <a href=\"/study/" + hackbench.get(3) + "\">");
    }

    @Test
    void machinesStandSideBySide() throws Exception {
        JsonNode t = JSON.readTree(get("/api/machines?label=hackbench").body());
        assertThat(t.path("machines")).hasSize(2);
        assertThat(t.path("machines").toString()).contains("lab-b");
    }

    @Test
    void aSubmissionsPageHasTheFiguresOfCompareSubmission() throws Exception {
        var json = overhead.run("compare", "--store", store.toString(), "--submission", SUBMISSION, "--format", "json");
        assertThat(json.exitCode()).as(json.toString()).isZero();
        var api = get("/api/submission/" + SUBMISSION);
        assertThat(api.statusCode()).as(api.body()).isEqualTo(200);
        assertThat(api.body()).isEqualTo(json.stdout());
        JsonNode pooled = JSON.readTree(api.body()).path("pooled").get(0);
        assertThat(pooled.path("machines").asInt()).isEqualTo(3);

        var text = overhead.run("compare", "--store", store.toString(), "--submission", SUBMISSION);
        assertThat(text.exitCode()).as(text.toString()).isZero();
        Matcher row = Pattern.compile(
                        "(?m)^fake wall=1 jitter=1% +stackleak +(\\S+) +(\\[.*?\\]) +\\S+ +(\\S+) +(\\S+)$")
                .matcher(text.stdout());
        assertThat(row.find()).as(text.stdout()).isTrue();
        var page = get("/submission/" + SUBMISSION);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body())
                .contains(row.group(1) + " " + row.group(2))
                .contains(">" + row.group(3) + "</td>")
                .contains(">" + row.group(4) + "</td>")
                .doesNotContain("<img src=x");
        for (String machine : List.of("alpha", "beta")) {
            Matcher m = Pattern.compile("(?m)^" + machine + " +fake wall=1 jitter=1% +stackleak +(\\S+) +(\\[.*?\\])")
                    .matcher(text.stdout());
            assertThat(m.find()).as(text.stdout()).isTrue();
            assertThat(page.body()).contains(m.group(1) + " " + m.group(2));
        }
        assertThat(get("/").body()).contains("href=\"/submission/" + SUBMISSION + "\"");
    }

    @Test
    void nothingButGetAndNoStrangerHost() throws Exception {
        var post = http.send(
                HttpRequest.newBuilder(base)
                        .POST(HttpRequest.BodyPublishers.ofString("x"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(get("/no/such/page").statusCode()).isEqualTo(404);
        assertThat(rawStatusLine("/?label=%zz")).contains(" 400 "); // no URI class accepts it: sent as bytes
        assertThat(get("/history?label=" + enc(HOSTILE)).body()).doesNotContain("<img src=x");
    }

    @Test
    void pagesRenderInChromiumWithChartsAndNoErrors() throws Exception {
        String chromium = Browser.chromium();
        assumeTrue(
                chromium != null,
                "chromium is not installed (apt-get install chromium); pages are drawn only in a browser");
        String history = "history?label=hackbench&workload=" + enc(WORKLOAD) + "&metric=wall&variant=stackleak";
        Map<String, String> pages = new java.util.LinkedHashMap<>();
        pages.put("list", "");
        pages.put("study", "study/" + hackbench.get(3));
        pages.put("history", history);
        pages.put("history-kernel", history + "&x=kernel");
        pages.put("machines", "machines?label=hackbench");
        pages.put("submission", "submission/" + SUBMISSION);
        pages.put(
                "hostile",
                "history?label=" + enc(HOSTILE) + "&workload=" + enc("fake wall=1") + "&metric=wall&variant=x");
        for (var e : pages.entrySet()) {
            Browser b = Browser.open(
                    chromium, overhead.home().resolve("chromium-" + e.getKey()), base.resolve(e.getValue()));
            assertThat(b.body())
                    .as(e.getKey() + ": the page's error record")
                    .doesNotContain("data-errors")
                    .doesNotContain("data-pwned");
            assertThat(b.consoleErrors()).as(e.getKey() + ": console errors").isEmpty();
            if (!e.getKey().equals("list")) {
                Matcher rendered = Pattern.compile("data-rendered=\"(\\d+)\"").matcher(b.body());
                assertThat(rendered.find())
                        .as(e.getKey() + ": the charts script finished")
                        .isTrue();
                assertThat(Integer.parseInt(rendered.group(1)))
                        .as(e.getKey() + ": charts")
                        .isGreaterThanOrEqualTo(1);
                assertThat(b.dom()).as(e.getKey() + ": charts drawn as SVG").contains("<svg");
            }
            if (e.getKey().equals("machines") || e.getKey().equals("submission")) {
                // ratios on a log axis (issue 31, case 5): one noisy metric cannot squeeze the rest to zero
                assertThat(b.dom()).as(e.getKey() + ": the axis").contains("change (log scale)");
            }
            String shots = System.getProperty("overhead.serve.screenshots");
            if (shots != null) {
                Browser.screenshot(
                        chromium,
                        overhead.home().resolve("shot-" + e.getKey()),
                        base.resolve(e.getValue()),
                        Path.of(shots, e.getKey() + ".png"),
                        1100);
            }
        }
        assertThat(Browser.open(chromium, overhead.home().resolve("chromium-h2"), base.resolve(history))
                        .dom())
                .contains("change point");
    }

    @Test
    void ctrlCStopsTheServerAndItsPort() throws Exception {
        // last in name order only by chance: stop a second server of its own, not the shared one
        var second = overhead.start(Map.of(), "serve", "--store", store.toString(), "--port", "0");
        Pattern url = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/)");
        String address = null;
        for (int i = 0; i < 600 && address == null; i++) {
            Matcher m = url.matcher(Files.readString(second.out()));
            address = m.find() ? m.group(1) : null;
            Thread.sleep(100);
        }
        try {
            assertThat(address).as("the second server's address").isNotNull();
            assertThat(http.send(
                                    HttpRequest.newBuilder(URI.create(address)).build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .isEqualTo(200);
            // Ctrl-C is SIGINT; where this test was started with SIGINT ignored (a shell's background
            // job), the server inherits that and cannot see it, so SIGTERM stands in (exit 143).
            boolean intIgnored = ignores(second.process().pid(), 2);
            new ProcessBuilder(
                            "kill",
                            intIgnored ? "-TERM" : "-INT",
                            Long.toString(second.process().pid()))
                    .start()
                    .waitFor();
            var ended = second.finish();
            assertThat(ended.exitCode()).as(ended.toString()).isEqualTo(intIgnored ? 143 : 130);
            String stopped = address;
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> http.send(
                            HttpRequest.newBuilder(URI.create(stopped)).build(), HttpResponse.BodyHandlers.ofString()))
                    .isInstanceOf(java.io.IOException.class);
        } finally {
            second.process().destroyForcibly();
        }
    }

    @Test
    void aWrongPortOrAddressIsOneSentence() throws Exception {
        var r = overhead.run("serve", "--store", store.toString(), "--port", "70000");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stderr()).contains("--port 70000 is not a port").doesNotContain("Exception");
        var taken = overhead.run("serve", "--store", store.toString(), "--port", Integer.toString(base.getPort()));
        assertThat(taken.exitCode()).isEqualTo(1);
        assertThat(taken.stderr())
                .contains("cannot listen on 127.0.0.1:" + base.getPort())
                .doesNotContain("\tat ");
    }

    /** The status line the server answers to a request line sent as it is. */
    private static String rawStatusLine(String target) throws IOException {
        try (var socket = new java.net.Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream()
                    .write(("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            return new java.io.BufferedReader(
                            new java.io.InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
        }
    }

    /** True when the process ignores the signal (its bit in /proc/PID/status SigIgn). */
    private static boolean ignores(long pid, int signal) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("SigIgn:")) {
                long mask = Long.parseUnsignedLong(line.substring(7).strip(), 16);
                return (mask & (1L << (signal - 1))) != 0;
            }
        }
        return false;
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
