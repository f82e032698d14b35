package dev.overhead.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.report.HtmlRenderer;
import dev.overhead.report.RenderOptions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Every page and endpoint of serve without an HTTP server: what it shows, escapes and refuses. */
class RoutesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String HOSTILE = "<script>alert(\"x\")</script>&'";
    static final String HOSTILE_MACHINE = "<img src=x onerror=alert(1)>";
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

    private final MemoryStore store = new MemoryStore();
    private final Routes routes;

    RoutesTest() {
        // lab-a: four studies at +2%, then four at +10%; lab-b: two at +3%; and one with hostile names
        for (int i = 0; i < 8; i++) {
            store.add(MemoryStore.study("a" + i, "hackbench", day(i), "lab-a", i < 4 ? 1.02 : 1.10));
        }
        store.add(MemoryStore.study("b0", "hackbench", day(2).plusSeconds(60), "lab-b", 1.03));
        store.add(MemoryStore.study("b1", "hackbench", day(6).plusSeconds(60), "lab-b", 1.03));
        store.add(MemoryStore.study("h0", HOSTILE, day(9), HOSTILE_MACHINE, 1.05));
        routes = new Routes(
                new Catalog(store),
                new Presentation(UnaryOperator.identity(), UnaryOperator.identity(), Locale.ROOT, ZoneOffset.UTC));
    }

    private static Instant day(int i) {
        return T0.plusSeconds(86400L * i);
    }

    private Routes.Reply get(String path, String... query) {
        Map<String, String> q = new LinkedHashMap<>();
        for (int i = 0; i + 1 < query.length; i += 2) {
            q.put(query[i], query[i + 1]);
        }
        return routes.answer(path, q);
    }

    @Test
    void theListShowsEveryStudyNewestFirstAndEscapesWhatUsersWrote() {
        Routes.Reply r = get("/");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body()).contains("11 of 11 studies").contains("href=\"/study/a7\"");
        assertThat(r.body().indexOf("/study/h0")).isLessThan(r.body().indexOf("/study/a0"));
        assertThat(r.body())
                .doesNotContain("<script>alert")
                .doesNotContain("<img src=x")
                .contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;")
                .contains("&lt;img src=x onerror=alert(1)&gt;");
    }

    @Test
    void theListShowsEachStudysPrimaryVerdictWithItsChange() {
        String body = get("/").body();
        assertThat(body).contains("<th>verdict</th>");
        String a7 = row(body, "/study/a7"); // stackleak at 1.10 × base, run for run
        assertThat(a7).contains("<span class=\"verdict worse\"", "worse +10.00%", "hackbench: stackleak vs base, wall");
        assertThat(row(body, "/study/b0")).contains("<span class=\"verdict ").doesNotContain("no comparison");
    }

    @Test
    void aLongListComesInPagesThatKeepTheFilters() {
        MemoryStore many = new MemoryStore();
        for (int i = 0; i < 71; i++) {
            many.add(
                    MemoryStore.study("s" + i, "nightly", T0.plusSeconds(3600L * i), i % 2 == 0 ? "even" : "odd", 1.0));
        }
        Routes paged = new Routes(
                new Catalog(many),
                new Presentation(UnaryOperator.identity(), UnaryOperator.identity(), Locale.ROOT, ZoneOffset.UTC));
        String first = paged.answer("/", Map.of()).body();
        assertThat(first)
                .contains("71 of 71 studies, newest first; 1\u201350 on this page (1 of 2)")
                .contains("href=\"/?page=2\"")
                .contains("/study/s70\"")
                .doesNotContain("/study/s20\"");
        assertThat(count(first, "<a class=\"study\"")).isEqualTo(Routes.PAGE);
        String second = paged.answer("/", Map.of("page", "2")).body();
        assertThat(count(second, "<a class=\"study\"")).isEqualTo(21);
        assertThat(second).contains("/study/s0\"", "href=\"/?page=1\"").doesNotContain("/study/s21\"");
        // a filter that leaves 36 studies fits one page, and the links of a filtered list keep the filter
        assertThat(paged.answer("/", Map.of("machine", "even")).body())
                .contains("36 of 71 studies")
                .doesNotContain("page=2");
        Routes.Reply beyond = paged.answer("/", Map.of("page", "3"));
        assertThat(beyond.status()).isEqualTo(400);
        assertThat(beyond.body()).contains("page=3 is not a page of this list: give a page from 1 to 2");
        assertThat(paged.answer("/", Map.of("page", "x")).status()).isEqualTo(400);
        assertThat(StudyList.pageUrl(new StudyList.Filter("a b", "m", null, "", null), 3))
                .isEqualTo("/?label=a%20b&machine=m&page=3");
    }

    private static String row(String body, String link) {
        int at = body.indexOf(link);
        assertThat(at).as(link).isPositive();
        return body.substring(body.lastIndexOf("<tr>", at), body.indexOf("</tr>", at));
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void anIdPrefixOfSeveralStudiesIsTheAddressesFaultNotAServerError() {
        for (String path : new String[] {"/study/a", "/api/study/a"}) {
            Routes.Reply r = get(path);
            assertThat(r.status()).as(path).isEqualTo(400);
            assertThat(r.body()).contains("is the start of 8 study ids");
        }
    }

    @Test
    void filtersNarrowTheList() {
        assertThat(get("/", "machine", "lab-b").body()).contains("2 of 11 studies");
        assertThat(get("/", "label", "HACK").body()).contains("10 of 11 studies");
        assertThat(get("/", "workload", "hackbench", "from", "2026-11-03", "to", "2026-11-05")
                        .body())
                .contains("4 of 11 studies"); // a2, b0, a3, a4
        assertThat(get("/", "workload", "nosuch").body()).contains("0 of 11 studies");
        Routes.Reply bad = get("/", "from", "yesterday");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body()).contains("from=yesterday is not a date: give it as 2026-12-03");
    }

    @Test
    void aLabelListsWhatItsStudiesCompare() {
        Routes.Reply r = get("/history", "label", "hackbench");
        assertThat(r.body()).contains("10 studies on 2 machines").contains("hackbench · wall · stackleak");
    }

    @Test
    void theHistoryMarksTheStepOfEachMachine() throws Exception {
        Routes.Reply r = get(
                "/api/history",
                "label",
                "hackbench",
                "workload",
                "hackbench",
                "metric",
                "wall",
                "variant",
                "stackleak");
        assertThat(r.status()).isEqualTo(200);
        JsonNode chart = JSON.readTree(r.body());
        JsonNode a = chart.path("series").get(0);
        assertThat(a.path("machine").asText()).isEqualTo("lab-a");
        assertThat(a.path("points")).hasSize(8);
        assertThat(a.path("points").get(0).path("change").asDouble())
                .isCloseTo(2.0, org.assertj.core.api.Assertions.within(0.01));
        assertThat(a.path("steps")).hasSize(1);
        assertThat(a.path("steps").get(0).path("index").asInt()).isEqualTo(4);
        assertThat(a.path("steps").get(0).path("study").asText()).isEqualTo("a4");
        JsonNode b = chart.path("series").get(1);
        assertThat(b.path("machine").asText()).isEqualTo("lab-b");
        assertThat(b.path("steps")).isEmpty();

        Routes.Reply page = get(
                "/history",
                "label",
                "hackbench",
                "workload",
                "hackbench",
                "metric",
                "wall",
                "variant",
                "stackleak",
                "x",
                "kernel");
        assertThat(page.body())
                .contains("lab-a: from +2.00% to +10.00% at study <a href=\"/study/a4\">a4</a>")
                .contains("<tr class=\"step\"><td>lab-a")
                .contains("id=\"serve-data\"")
                .contains("<script src=\"/assets/echarts.min.js\"></script>");
    }

    @Test
    void theHistoryOfAHostileLabelKeepsItsDataInert() {
        Routes.Reply page =
                get("/history", "label", HOSTILE, "workload", "hackbench", "metric", "wall", "variant", "stackleak");
        assertThat(page.status()).isEqualTo(200);
        String data = page.body().substring(page.body().indexOf("id=\"serve-data\""));
        assertThat(data.substring(0, data.indexOf("</script>")))
                .doesNotContain("<")
                .doesNotContain("&");
        assertThat(page.body()).doesNotContain("<script>alert").doesNotContain("<img src=x");
    }

    @Test
    void machinesStandSideBySide() throws Exception {
        JsonNode t = JSON.readTree(get("/api/machines", "label", "hackbench").body());
        assertThat(t.path("machines").toString()).isEqualTo("[\"lab-a\",\"lab-b\"]");
        assertThat(t.path("studies").toString()).isEqualTo("[\"a7\",\"b1\"]");
        JsonNode wall = t.path("rows").get(0);
        assertThat(wall.path("metric").asText()).isEqualTo("wall");
        assertThat(wall.path("cells").get(0).path("change").asDouble())
                .isCloseTo(10.0, org.assertj.core.api.Assertions.within(0.01));
        assertThat(wall.path("cells").get(1).path("change").asDouble())
                .isCloseTo(3.0, org.assertj.core.api.Assertions.within(0.01));
        assertThat(wall.path("cells").get(0).path("verdict").asText()).isEqualTo("worse");
        assertThat(get("/machines", "label", "hackbench").body()).contains("Machines side by side: hackbench");
    }

    @Test
    void machinesShowEachWorkloadsPrimaryMetricFirst() {
        var s = MemoryStore.study("u0", "cpu-bound", T0, "lab-a", 1.10);
        var userFirst = new dev.overhead.model.StudyResult(
                new dev.overhead.model.StudyInfo(
                        "u0",
                        "cpu-bound",
                        T0,
                        s.info().settings().toBuilder().primary("user").build()),
                s.environment(),
                s.workloads(),
                java.util.List.of(),
                java.util.List.of(),
                java.util.List.of());
        var wallFirst = Machines.sideBySide("cpu-bound", java.util.List.of(Catalog.judge(s)));
        var rows = Machines.sideBySide("cpu-bound", java.util.List.of(Catalog.judge(userFirst)))
                .rows();
        assertThat(wallFirst.rows().getFirst().metric()).isEqualTo("wall");
        assertThat(rows.getFirst().metric()).isEqualTo("user");
        assertThat(rows).hasSameSizeAs(wallFirst.rows());
    }

    @Test
    void aStudysPageIsItsHtmlReportWithTheBarOnTop() throws Exception {
        Routes.Reply r = get("/study/a4");
        assertThat(r.report()).isTrue();
        String report = HtmlRenderer.render(
                Catalog.judge(store.load("a4").orElseThrow()), new RenderOptions(false, Locale.ROOT));
        assertThat(r.body().replace(Pages.nav(), "")).isEqualTo(report);
        assertThat(r.body()).contains("<body>\n" + Pages.nav());
    }

    @Test
    void aStudyThatChangesIsReadAgain() throws Exception {
        String api = "/api/history";
        String[] q = {"label", "hackbench", "workload", "hackbench", "metric", "wall", "variant", "stackleak"};
        assertThat(JSON.readTree(get(api, q).body())
                        .path("series")
                        .get(0)
                        .path("points")
                        .get(7)
                        .path("change")
                        .asDouble())
                .isCloseTo(10.0, org.assertj.core.api.Assertions.within(0.01));
        // a7 measured again (more runs, another cost): its line in the store's list changes, so it is read again
        var again = MemoryStore.study("a7", "hackbench", day(7), "lab-a", 1.20);
        var more = new java.util.ArrayList<>(again.workloads().get(0).variants());
        var base = more.get(0);
        var runs = new java.util.ArrayList<>(base.runs());
        runs.add(base.runs().get(2));
        more.set(0, new dev.overhead.model.VariantResult(base.variant(), runs));
        store.add(new dev.overhead.model.StudyResult(
                again.info(),
                again.environment(),
                java.util.List.of(new dev.overhead.model.WorkloadResult(
                        again.workloads().get(0).workload(), more)),
                java.util.List.of(),
                java.util.List.of(),
                java.util.List.of()));
        assertThat(JSON.readTree(get(api, q).body())
                        .path("series")
                        .get(0)
                        .path("points")
                        .get(7)
                        .path("change")
                        .asDouble())
                .isGreaterThan(15.0);
        assertThat(get("/").body()).contains("<td class=\"num\">11</td>");
    }

    @Test
    void wrongAddressesAreRefusedInOneSentence() {
        assertThat(get("/study/nosuch").status()).isEqualTo(404);
        assertThat(get("/study/nosuch").body()).contains("no stored study is called &#39;nosuch&#39;");
        assertThat(get("/history").status()).isEqualTo(400);
        Routes.Reply none =
                get("/api/history", "label", "hackbench", "workload", "x", "metric", "wall", "variant", "y");
        assertThat(none.status()).isEqualTo(404);
        assertThat(none.type()).startsWith("application/json");
        assertThat(none.body()).contains("no study labelled 'hackbench' compares y on x by wall");
        assertThat(get(
                                "/history",
                                "label",
                                "hackbench",
                                "workload",
                                "hackbench",
                                "metric",
                                "wall",
                                "variant",
                                "stackleak",
                                "x",
                                "moon")
                        .status())
                .isEqualTo(400);
        assertThat(get("/etc/passwd").status()).isEqualTo(404);
    }

    @Test
    void assetsAreServedFromTheJar() {
        assertThat(get("/assets/echarts.min.js").body()).isEqualTo(HtmlRenderer.chartLibrary());
        assertThat(get("/assets/serve.js").body()).contains("data-rendered", "overheadCharts('serve-data')");
        assertThat(get("/assets/charts.js").body())
                .isEqualTo(HtmlRenderer.chartSetUp())
                .contains("var overheadCharts");
        assertThat(get("/assets/serve.css").type()).startsWith("text/css");
    }

    @Test
    void onlyLoopbackNamesReachALoopbackServer() {
        assertThat(WebServer.loopbackHost("127.0.0.1:8080")).isTrue();
        assertThat(WebServer.loopbackHost("localhost")).isTrue();
        assertThat(WebServer.loopbackHost("[::1]:8080")).isTrue();
        assertThat(WebServer.loopbackHost("evil.example:8080")).isFalse();
        assertThat(WebServer.loopbackHost("127.0.0.1.evil.example")).isFalse();
    }
}
