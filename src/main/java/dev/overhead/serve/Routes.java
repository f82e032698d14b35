package dev.overhead.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.model.ToolVersion;
import dev.overhead.report.Format;
import dev.overhead.report.HtmlRenderer;
import dev.overhead.report.RenderOptions;
import dev.overhead.report.Renderers;
import dev.overhead.report.SubmissionRenderers;
import dev.overhead.store.Fleet;
import dev.overhead.store.StoreException;
import dev.overhead.verdicts.History;
import dev.overhead.verdicts.PooledSubmission;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What each address answers (docs/serve.md): a path and its query parameters in, a {@link Reply}
 * out. Independent of the HTTP server, so that every page can be checked without one.
 */
final class Routes {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HTML = "text/html; charset=utf-8";
    private static final String JSON_TYPE = "application/json; charset=utf-8";

    private final Catalog catalog;
    private final Presentation presentation;
    private final Pages pages;

    Routes(Catalog catalog, Presentation presentation) {
        this.catalog = catalog;
        this.presentation = presentation;
        this.pages = new Pages(presentation.locale(), presentation.zone());
    }

    /** An answer: status, content type and body; {@code report} is true for a study's report page. */
    record Reply(int status, String type, String body, boolean report) {
        static Reply html(int status, String body) {
            return new Reply(status, HTML, body, false);
        }
    }

    /** A request the pages refuse: its status and one sentence. */
    static final class Refusal extends Exception {
        final int status;

        Refusal(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    Reply answer(String path, Map<String, String> query) {
        try {
            return route(path, query);
        } catch (Refusal r) {
            return path.startsWith("/api/")
                    ? new Reply(r.status, JSON_TYPE, json(Map.of("error", r.getMessage())), false)
                    : Reply.html(r.status, presentation.clean().apply(pages.error(r.status, r.getMessage())));
        } catch (dev.overhead.store.AmbiguousStudy e) { // the address's fault, not the store's
            return path.startsWith("/api/")
                    ? new Reply(400, JSON_TYPE, json(Map.of("error", e.getMessage())), false)
                    : Reply.html(400, presentation.clean().apply(pages.error(400, e.getMessage())));
        } catch (StoreException e) {
            String message = "the store could not be read: " + e.getMessage();
            return path.startsWith("/api/")
                    ? new Reply(500, JSON_TYPE, json(Map.of("error", message)), false)
                    : Reply.html(500, presentation.clean().apply(pages.error(500, message)));
        }
    }

    private Reply route(String path, Map<String, String> q) throws Refusal, StoreException {
        return switch (path) {
            case "/" -> page(studyList(q));
            case "/history" -> page(history(q));
            case "/machines" -> page(machines(q));
            case "/api/studies" -> api(entriesJson(filtered(q)));
            case "/feed.atom" ->
                new Reply(
                        200,
                        Feed.TYPE,
                        Feed.render(catalog.newestDone(Feed.LOOKED_AT).stream()
                                .map(presentation.mask())
                                .toList()),
                        false);
            case "/api/history" -> api(json(chart(q)));
            case "/api/machines" -> api(json(Machines.sideBySide(need(q, "label"), studiesOf(need(q, "label")))));
            case "/assets/echarts.min.js" -> asset("text/javascript; charset=utf-8", HtmlRenderer.chartLibrary());
            case "/assets/charts.js" -> asset("text/javascript; charset=utf-8", HtmlRenderer.chartSetUp());
            case "/assets/serve.js" -> asset("text/javascript; charset=utf-8", resource("serve.js"));
            case "/assets/serve.css" -> asset("text/css; charset=utf-8", resource("serve.css"));
            case "/assets/report.css" -> asset("text/css; charset=utf-8", read("dev/overhead/report/report.css"));
            default -> {
                if (path.startsWith("/study/") && path.length() > "/study/".length()) {
                    yield study(path.substring("/study/".length()));
                }
                if (path.startsWith("/submission/") && path.length() > "/submission/".length()) {
                    yield page(submission(path.substring("/submission/".length())));
                }
                if (path.startsWith("/api/submission/") && path.length() > "/api/submission/".length()) {
                    PooledSubmission p = pooled(path.substring("/api/submission/".length()));
                    yield api(SubmissionRenderers.render(Format.JSON, p, ToolVersion.current()));
                }
                if (path.startsWith("/api/study/") && path.length() > "/api/study/".length()) {
                    StudyResult s = found(path.substring("/api/study/".length()));
                    yield api(Renderers.render(Format.JSON, presentation.mask().apply(s), options()));
                }
                throw new Refusal(404, "there is no page " + path + "; the list of studies is at /");
            }
        };
    }

    /** A study's page: its HTML report as {@code overhead report STUDY --format html} writes it, with the bar on top. */
    private Reply study(String id) throws Refusal, StoreException {
        StudyResult s = found(id);
        String report = presentation
                .clean()
                .apply(HtmlRenderer.render(presentation.mask().apply(s), options()));
        String bar = Pages.nav(Fleet.submissionOf(s.info().label(), s.environment()));
        return new Reply(
                200,
                HTML,
                report.replaceFirst("<body>\n", java.util.regex.Matcher.quoteReplacement("<body>\n" + bar)),
                true);
    }

    /** Studies a page of the list shows: a page is judged when it is shown, so a long list costs only its page. */
    static final int PAGE = 50;

    private String studyList(Map<String, String> q) throws Refusal, StoreException {
        StudyList.Filter f = filter(q);
        List<Catalog.Entry> all = catalog.entries();
        List<Catalog.Entry> shown = filtered(all, f);
        int count = Math.max(1, (shown.size() + PAGE - 1) / PAGE);
        int page = page(q.get("page"), count);
        List<Catalog.Entry> onPage = shown.subList((page - 1) * PAGE, Math.min(shown.size(), page * PAGE));
        Map<String, List<ComparisonRow>> primary = new java.util.HashMap<>();
        for (Catalog.Entry e : onPage) {
            primary.put(e.id(), catalog.primaryRows(e));
        }
        return pages.list(all, f, new StudyList.Listing(shown.size(), page, count, onPage, primary));
    }

    /** The page asked for, 1 to {@code pages}; the first where none is asked. */
    private static int page(String value, int pages) throws Refusal {
        if (blank(value)) {
            return 1;
        }
        String t = value.strip();
        if (!t.matches("[0-9]{1,9}") || Integer.parseInt(t) < 1 || Integer.parseInt(t) > pages) {
            throw new Refusal(
                    400,
                    "page=" + t + " is not a page of this list: give a page from 1 to " + pages
                            + (pages == 1 ? " (the list fits on one page)" : ""));
        }
        return Integer.parseInt(t);
    }

    private String history(Map<String, String> q) throws Refusal, StoreException {
        String label = need(q, "label");
        List<StudyResult> studies = studiesOf(label);
        if (!q.containsKey("workload") && !q.containsKey("metric") && !q.containsKey("variant")) {
            return pages.label(
                    label,
                    History.keys(studies),
                    studies.size(),
                    List.copyOf(new TreeSet<>(
                            studies.stream().map(History::machineOf).toList())));
        }
        History.Chart chart = chart(q);
        String x = q.getOrDefault("x", "date");
        if (!x.equals("date") && !x.equals("kernel") && !x.equals("commit")) {
            throw new Refusal(400, "x=" + x + " is not an axis of the history: use x=date, x=kernel or x=commit");
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("page", "history");
        data.put("x", x);
        data.put("chart", chart);
        return pages.history(chart, x, HtmlRenderer.inertJson(json(data)));
    }

    private String machines(Map<String, String> q) throws Refusal, StoreException {
        String label = need(q, "label");
        Machines.Table t = Machines.sideBySide(label, studiesOf(label));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("page", "machines");
        data.put("table", t);
        return pages.machines(t, HtmlRenderer.inertJson(json(data)));
    }

    private String submission(String id) throws Refusal, StoreException {
        PooledSubmission p = pooled(id);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("page", "submission");
        data.put("table", Submissions.table(p));
        return pages.submission(p, HtmlRenderer.inertJson(json(data)));
    }

    /** The studies of one submission, pooled as {@code overhead compare --submission ID} pools them. */
    private PooledSubmission pooled(String id) throws Refusal, StoreException {
        List<PooledSubmission.Machine> machines = catalog.submission(id);
        if (machines.isEmpty()) {
            throw new Refusal(
                    404,
                    "no stored study belongs to submission '" + id + "' (labelled " + id
                            + "@MACHINE); the list of studies is at /");
        }
        return PooledSubmission.of(id, machines);
    }

    private History.Chart chart(Map<String, String> q) throws Refusal, StoreException {
        String label = need(q, "label");
        History.Key key = new History.Key(need(q, "workload"), need(q, "metric"), need(q, "variant"));
        List<StudyResult> studies = studiesOf(label);
        if (!History.keys(studies).contains(key)) {
            throw new Refusal(
                    404,
                    "no study labelled '" + label + "' compares " + key.candidate() + " on " + key.workload() + " by "
                            + key.metric() + "; /history?label=" + Query.encode(label) + " lists what they compare");
        }
        return History.of(label, key, studies);
    }

    private List<StudyResult> studiesOf(String label) throws Refusal, StoreException {
        List<StudyResult> studies = catalog.withLabel(label);
        if (studies.isEmpty()) {
            throw new Refusal(404, "no stored study is labelled '" + label + "'; the list of studies is at /");
        }
        return studies;
    }

    private StudyResult found(String id) throws Refusal, StoreException {
        Optional<StudyResult> s = catalog.study(id);
        if (s.isEmpty()) {
            throw new Refusal(404, "no stored study is called '" + id + "'; the list of studies is at /");
        }
        return s.get();
    }

    private List<Catalog.Entry> filtered(Map<String, String> q) throws Refusal, StoreException {
        return filtered(catalog.entries(), filter(q));
    }

    private List<Catalog.Entry> filtered(List<Catalog.Entry> all, StudyList.Filter f) throws Refusal {
        LocalDate from = day("from", f.from());
        LocalDate to = day("to", f.to());
        List<Catalog.Entry> out = new ArrayList<>();
        for (Catalog.Entry e : all) {
            LocalDate day = e.created() == null
                    ? null
                    : e.created().atZone(pages.zone()).toLocalDate();
            boolean keep = (blank(f.label())
                            || (e.label() != null
                                    && e.label()
                                            .toLowerCase(java.util.Locale.ROOT)
                                            .contains(f.label().toLowerCase(java.util.Locale.ROOT))))
                    && (blank(f.machine()) || e.machine().equals(f.machine()))
                    && (blank(f.workload()) || e.workloads().contains(f.workload()))
                    && (from == null || (day != null && !day.isBefore(from)))
                    && (to == null || (day != null && !day.isAfter(to)));
            if (keep) {
                out.add(e);
            }
        }
        return out;
    }

    private static StudyList.Filter filter(Map<String, String> q) {
        return new StudyList.Filter(q.get("label"), q.get("machine"), q.get("workload"), q.get("from"), q.get("to"));
    }

    private static LocalDate day(String name, String value) throws Refusal {
        if (blank(value)) {
            return null;
        }
        try {
            return LocalDate.parse(value.strip());
        } catch (DateTimeParseException e) {
            throw new Refusal(400, name + "=" + value + " is not a date: give it as 2026-12-03");
        }
    }

    private String entriesJson(List<Catalog.Entry> entries) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Catalog.Entry e : entries) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", e.id());
            m.put("label", e.label());
            m.put("created", e.created() == null ? null : e.created().toString());
            m.put("state", e.state());
            m.put("runs", e.runs());
            m.put("machine", e.machine());
            m.put("kernel", e.kernel());
            m.put("workloads", e.workloads());
            m.put("variants", e.variants());
            out.add(m);
        }
        return json(Map.of("studies", out));
    }

    private RenderOptions options() {
        return new RenderOptions(false, presentation.locale());
    }

    private Reply page(String html) {
        return Reply.html(200, presentation.clean().apply(html));
    }

    private static Reply api(String json) {
        return new Reply(200, JSON_TYPE, json, false);
    }

    private static Reply asset(String type, String body) {
        return new Reply(200, type, body, false);
    }

    private static String need(Map<String, String> q, String name) throws Refusal {
        String v = q.get(name);
        if (blank(v)) {
            throw new Refusal(400, "the page needs ?" + name + "=...; the list of studies at / links to it");
        }
        return v;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    static String json(Object value) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the page's data could not be written as JSON", e);
        }
    }

    private static String resource(String name) {
        return read("dev/overhead/serve/" + name);
    }

    private static String read(String path) {
        try (InputStream in = Routes.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the resource " + path
                        + " is missing from the class path; rebuild overhead with ./mvnw package.");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
