package dev.overhead.serve;

import static dev.overhead.report.HtmlRenderer.escape;

import dev.overhead.model.ComparisonRow;
import dev.overhead.stats.Verdict;
import dev.overhead.store.Fleet;
import dev.overhead.verdicts.History;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The pages of {@code overhead serve} other than a study's report, as HTML text: pure functions of
 * what the catalog found. Every user text (labels, machine and workload names, ids) goes through
 * the report's escaping; the charts are drawn by serve.js from the page's JSON data block.
 */
final class Pages {
    private final Locale locale;
    private final ZoneId zone;
    private final DateTimeFormatter when;

    Pages(Locale locale, ZoneId zone) {
        this.locale = locale;
        this.zone = zone;
        this.when = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(zone);
    }

    /** What the study list is narrowed to; null or empty: no filter. */
    record Filter(String label, String machine, String workload, String from, String to) {}

    /**
     * One page of the filtered list: how many studies the filters let through, which page of how many this is,
     * its studies, and each one's comparisons on its primary metric (by study id).
     */
    record Listing(
            int matching, int page, int pages, List<Catalog.Entry> studies, Map<String, List<ComparisonRow>> primary) {}

    String list(List<Catalog.Entry> all, Filter f, Listing listing) {
        List<Catalog.Entry> shown = listing.studies();
        StringBuilder out = head("studies");
        out.append("<h1>Studies</h1>\n<form class=\"filters\" method=\"get\" action=\"/\">\n");
        out.append("<label>label <input name=\"label\" list=\"labels\" value=\"")
                .append(escape(nz(f.label())))
                .append("\"></label>\n<datalist id=\"labels\">");
        new TreeSet<>(all.stream().map(e -> nz(e.label())).toList())
                .forEach(l -> out.append("<option value=\"").append(escape(l)).append("\">"));
        out.append("</datalist>\n");
        select(
                out,
                "machine",
                f.machine(),
                all.stream().map(Catalog.Entry::machine).toList());
        select(
                out,
                "workload",
                f.workload(),
                all.stream().flatMap(e -> e.workloads().stream()).toList());
        out.append("<label>from <input type=\"date\" name=\"from\" value=\"")
                .append(escape(nz(f.from())))
                .append("\"></label>\n<label>to <input type=\"date\" name=\"to\" value=\"")
                .append(escape(nz(f.to())))
                .append("\"></label>\n<button type=\"submit\">filter</button> <a href=\"/\">all</a>\n</form>\n");
        int first = (listing.page() - 1) * Routes.PAGE + 1;
        out.append("<p class=\"fact\">")
                .append(listing.matching())
                .append(" of ")
                .append(all.size())
                .append(" studies, newest first");
        if (listing.pages() > 1) {
            out.append("; ")
                    .append(first)
                    .append("\u2013")
                    .append(first + shown.size() - 1)
                    .append(" on this page (")
                    .append(listing.page())
                    .append(" of ")
                    .append(listing.pages())
                    .append(")");
        }
        out.append(". The verdict is each workload's primary metric, every candidate against the baseline.</p>\n");
        if (!shown.isEmpty()) {
            out.append("<table class=\"studies\">\n<thead><tr><th>date</th><th>label</th><th>machine</th>")
                    .append("<th>kernel</th><th>workloads</th><th>variants</th><th class=\"num\">runs</th>")
                    .append("<th>verdict</th><th>state</th><th>id</th></tr></thead>\n<tbody>\n");
            for (Catalog.Entry e : shown) {
                out.append("<tr><td>").append(escape(date(e.created()))).append("</td><td>");
                if (e.label() != null && !e.label().isBlank()) {
                    out.append("<a href=\"/history?label=")
                            .append(escape(Query.encode(e.label())))
                            .append("\" title=\"history of this label\">")
                            .append(escape(e.label()))
                            .append("</a>");
                }
                String submission = Fleet.submissionOf(e.summary());
                if (submission != null) {
                    out.append(" <a class=\"submission\" href=\"/submission/")
                            .append(escape(Query.encode(submission)))
                            .append("\" title=\"all machines of this submission, pooled\">machines pooled</a>");
                }
                out.append("</td><td>")
                        .append(escape(e.machine()))
                        .append("</td><td>")
                        .append(escape(e.kernel()))
                        .append("</td><td>")
                        .append(escape(String.join(", ", e.workloads())))
                        .append("</td><td>")
                        .append(escape(String.join(", ", e.variants())))
                        .append("</td><td class=\"num\">")
                        .append(e.runs())
                        .append("</td><td class=\"verdicts\">");
                verdicts(out, listing.primary().getOrDefault(e.id(), List.of()));
                out.append("</td><td>")
                        .append(escape(e.state()))
                        .append("</td><td><a class=\"study\" href=\"/study/")
                        .append(escape(Query.encode(e.id())))
                        .append("\">")
                        .append(escape(e.id()))
                        .append("</a></td></tr>\n");
            }
            out.append("</tbody>\n</table>\n");
            pageLinks(out, f, listing);
        } else if (all.isEmpty()) {
            out.append(
                    "<p>No studies stored yet; <code>overhead run</code> or <code>overhead demo</code> makes one.</p>\n");
        }
        return foot(out, null);
    }

    /**
     * A study's primary verdicts in a cell: one badge per verdict word, worst first, counted where several
     * comparisons share it, the change shown where there is one comparison; each comparison in the badge's title.
     */
    private void verdicts(StringBuilder out, List<ComparisonRow> rows) {
        if (rows.isEmpty()) {
            out.append("<span class=\"fact\">no comparison</span>");
            return;
        }
        Map<Verdict, List<ComparisonRow>> by = new java.util.EnumMap<>(Verdict.class);
        for (ComparisonRow r : rows) {
            by.computeIfAbsent(r.comparison().verdict(), v -> new ArrayList<>()).add(r);
        }
        for (Verdict v : List.of(Verdict.WORSE, Verdict.BETTER, Verdict.INCONCLUSIVE, Verdict.EQUIVALENT)) {
            List<ComparisonRow> those = by.remove(v);
            if (those != null) {
                badge(out, v, those);
            }
        }
    }

    private void badge(StringBuilder out, Verdict v, List<ComparisonRow> rows) {
        StringBuilder title = new StringBuilder();
        for (ComparisonRow r : rows) {
            var c = r.comparison();
            title.append(title.isEmpty() ? "" : "\n")
                    .append(r.workload())
                    .append(": ")
                    .append(r.candidate())
                    .append(" vs ")
                    .append(r.baseline())
                    .append(", ")
                    .append(r.metric())
                    .append(' ')
                    .append(pct(History.finite(c.changePct())))
                    .append(" [")
                    .append(pct(History.finite(c.ciLowPct())))
                    .append(", ")
                    .append(pct(History.finite(c.ciHighPct())))
                    .append("]");
        }
        out.append("<span class=\"verdict ")
                .append(escape(v.word()))
                .append("\" title=\"")
                .append(escape(title.toString()))
                .append("\">")
                .append(escape(v.word()))
                .append(
                        rows.size() == 1
                                ? " "
                                        + escape(pct(History.finite(
                                                rows.getFirst().comparison().changePct())))
                                : " \u00d7" + rows.size())
                .append("</span> ");
    }

    /** Newer and older pages of the list, with the filters kept. */
    private static void pageLinks(StringBuilder out, Filter f, Listing listing) {
        if (listing.pages() < 2) {
            return;
        }
        out.append("<nav class=\"pages\">");
        if (listing.page() > 1) {
            out.append("<a rel=\"prev\" href=\"")
                    .append(escape(pageUrl(f, listing.page() - 1)))
                    .append("\">\u2190 newer</a> ");
        }
        out.append("page ").append(listing.page()).append(" of ").append(listing.pages());
        if (listing.page() < listing.pages()) {
            out.append(" <a rel=\"next\" href=\"")
                    .append(escape(pageUrl(f, listing.page() + 1)))
                    .append("\">older \u2192</a>");
        }
        out.append("</nav>\n");
    }

    /** The list's address at {@code page}, with the filters that are set. */
    static String pageUrl(Filter f, int page) {
        List<String> q = new ArrayList<>();
        String[][] set = {
            {"label", f.label()},
            {"machine", f.machine()},
            {"workload", f.workload()},
            {"from", f.from()},
            {"to", f.to()}
        };
        for (String[] kv : set) {
            if (kv[1] != null && !kv[1].isBlank()) {
                q.add(kv[0]);
                q.add(kv[1]);
            }
        }
        q.add("page");
        q.add(Integer.toString(page));
        return "/?" + Query.of(q.toArray(String[]::new));
    }

    /** A label's comparisons, each a link to its history, and the machines it ran on. */
    String label(String label, List<History.Key> keys, int studies, List<String> machines) {
        StringBuilder out = head("history of " + label);
        out.append("<h1>History of ")
                .append(escape(label))
                .append("</h1>\n<p class=\"fact\">")
                .append(studies)
                .append(studies == 1 ? " study" : " studies")
                .append(" on ")
                .append(machines.size())
                .append(machines.size() == 1 ? " machine" : " machines")
                .append(". <a href=\"/machines?label=")
                .append(escape(Query.encode(label)))
                .append("\">machines side by side</a></p>\n<ul class=\"keys\">\n");
        for (History.Key k : keys) {
            out.append("<li><a href=\"")
                    .append(escape(historyUrl(label, k, "date")))
                    .append("\">");
            out.append(escape(k.workload() + " · " + k.metric() + " · " + k.candidate()))
                    .append("</a></li>\n");
        }
        out.append("</ul>\n");
        if (keys.isEmpty()) {
            out.append("<p>These studies have no comparison yet (one variant, or no finished runs).</p>\n");
        }
        return foot(out, null);
    }

    String history(History.Chart chart, String x, String json) {
        History.Key k = chart.key();
        StringBuilder out = head(chart.label() + ": " + k.workload() + " · " + k.metric() + " · " + k.candidate());
        out.append("<h1>")
                .append(escape(k.workload() + " · " + k.metric() + " · " + k.candidate()))
                .append("</h1>\n<p class=\"fact\">The change of <b>")
                .append(escape(k.candidate()))
                .append("</b> against its baseline in every study labelled <a href=\"/history?label=")
                .append(escape(Query.encode(chart.label())))
                .append("\">")
                .append(escape(chart.label()))
                .append("</a>, with its interval; a vertical line marks where a machine's series changed level")
                .append(
                        " (asv's step detection, <a href=\"https://github.com/airspeed-velocity/asv\">method</a>).</p>\n")
                .append("<p class=\"fact\">x: ");
        for (String option : List.of("date", "kernel", "commit")) {
            out.append(
                            option.equals(x)
                                    ? "<b>" + option + "</b>"
                                    : "<a href=\"" + escape(historyUrl(chart.label(), k, option)) + "\">" + option
                                            + "</a>")
                    .append(" ");
        }
        out.append("</p>\n<div class=\"chart tall\" id=\"history-chart\"></div>\n");
        int steps = 0;
        for (History.Series s : chart.series()) {
            steps += s.steps().size();
        }
        out.append("<h2>Change points</h2>\n<ul id=\"change-points\">\n");
        for (History.Series s : chart.series()) {
            for (History.Step st : s.steps()) {
                out.append("<li>")
                        .append(escape(s.machine()))
                        .append(": from ")
                        .append(escape(pct(st.before())))
                        .append(" to ")
                        .append(escape(pct(st.after())))
                        .append(" at study <a href=\"/study/")
                        .append(escape(Query.encode(st.study())))
                        .append("\">")
                        .append(escape(st.study()))
                        .append("</a></li>\n");
            }
        }
        if (steps == 0) {
            out.append("<li>none: no series changed level beyond its noise</li>\n");
        }
        out.append("</ul>\n<h2>Studies</h2>\n<table class=\"comparison\">\n<thead><tr><th>machine</th><th>date</th>")
                .append("<th>kernel</th><th>study</th><th>baseline</th><th class=\"num\">change</th>")
                .append("<th class=\"num\">interval</th><th>verdict</th></tr></thead>\n<tbody>\n");
        for (History.Series s : chart.series()) {
            for (int i = 0; i < s.points().size(); i++) {
                History.Point p = s.points().get(i);
                final int at = i;
                boolean step = s.steps().stream().anyMatch(st -> st.index() == at);
                out.append(step ? "<tr class=\"step\"><td>" : "<tr><td>")
                        .append(escape(s.machine()))
                        .append("</td><td>")
                        .append(escape(p.created() == null ? "" : date(Instant.parse(p.created()))))
                        .append("</td><td>")
                        .append(escape(p.kernel()))
                        .append("</td><td><a href=\"/study/")
                        .append(escape(Query.encode(p.study())))
                        .append("\">")
                        .append(escape(p.study()))
                        .append("</a></td><td>")
                        .append(escape(p.baseline()))
                        .append("</td><td class=\"num\">")
                        .append(escape(pct(p.change())))
                        .append("</td><td class=\"num\">")
                        .append(escape("[" + pct(p.low()) + ", " + pct(p.high()) + "]"))
                        .append("</td><td><span class=\"verdict ")
                        .append(escape(p.verdict()))
                        .append("\">")
                        .append(escape(p.verdict()))
                        .append("</span></td></tr>\n");
            }
        }
        out.append("</tbody>\n</table>\n");
        return foot(out, json);
    }

    String machines(Machines.Table t, String json) {
        StringBuilder out = head("machines of " + t.label());
        out.append("<h1>Machines side by side: ")
                .append(escape(t.label()))
                .append("</h1>\n<p class=\"fact\">Each machine's newest study labelled ")
                .append("<a href=\"/history?label=")
                .append(escape(Query.encode(t.label())))
                .append("\">")
                .append(escape(t.label()))
                .append("</a>; every change with its interval and verdict.</p>\n")
                .append("<div class=\"chart tall\" id=\"machines-chart\"></div>\n")
                .append("<table class=\"comparison\">\n<thead><tr><th>workload</th><th>metric</th><th>variant</th>");
        for (int m = 0; m < t.machines().size(); m++) {
            out.append("<th>")
                    .append(escape(t.machines().get(m)))
                    .append("<br><a class=\"study\" href=\"/study/")
                    .append(escape(Query.encode(t.studies().get(m))))
                    .append("\">")
                    .append(escape(t.studies().get(m)))
                    .append("</a></th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (Machines.Row r : t.rows()) {
            out.append("<tr><td>")
                    .append(escape(r.workload()))
                    .append("</td><td>")
                    .append(escape(r.metric()))
                    .append("</td><td>")
                    .append(escape(r.candidate() + " vs " + r.baseline()))
                    .append("</td>");
            for (Machines.Cell c : r.cells()) {
                if (c == null) {
                    out.append("<td></td>");
                    continue;
                }
                out.append("<td class=\"num\">")
                        .append(escape(pct(c.change()) + " [" + pct(c.low()) + ", " + pct(c.high()) + "]"))
                        .append(" <span class=\"verdict ")
                        .append(escape(c.verdict()))
                        .append("\">")
                        .append(escape(c.verdict()))
                        .append("</span></td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n");
        return foot(out, json);
    }

    String submission(dev.overhead.verdicts.PooledSubmission p, String json) {
        return Submissions.page(p, json);
    }

    String error(int status, String message) {
        StringBuilder out = head("error " + status);
        out.append("<h1>")
                .append(status)
                .append("</h1>\n<p>")
                .append(escape(message))
                .append("</p>\n");
        return foot(out, null);
    }

    static String historyUrl(String label, History.Key k, String x) {
        return "/history?"
                + Query.of(
                        "label",
                        label,
                        "workload",
                        k.workload(),
                        "metric",
                        k.metric(),
                        "variant",
                        k.candidate(),
                        "x",
                        x);
    }

    String date(Instant t) {
        return t == null ? "" : when.format(t);
    }

    ZoneId zone() {
        return zone;
    }

    private String pct(Double v) {
        return v == null ? "n/a" : String.format(locale, "%+.2f%%", v);
    }

    static StringBuilder head(String title) {
        StringBuilder out = new StringBuilder();
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>overhead: ")
                .append(escape(title))
                .append("</title>\n<link rel=\"stylesheet\" href=\"/assets/report.css\">\n")
                .append("<link rel=\"stylesheet\" href=\"/assets/serve.css\">\n</head>\n<body>\n")
                .append(nav())
                .append("<main>\n");
        return out;
    }

    static String foot(StringBuilder out, String json) {
        out.append("</main>\n");
        if (json != null) {
            out.append("<script type=\"application/json\" id=\"serve-data\">\n")
                    .append(json)
                    .append("\n</script>\n<script src=\"/assets/echarts.min.js\"></script>\n")
                    .append("<script src=\"/assets/charts.js\"></script>\n")
                    .append("<script src=\"/assets/serve.js\"></script>\n");
        }
        return out.append("</body>\n</html>\n").toString();
    }

    /** The bar on top of every page, the studies' reports too. */
    static String nav() {
        return nav(null);
    }

    /** The bar, with a link to the submission a study belongs to (null: none). */
    static String nav(String submission) {
        // styled in place: a study's report carries its own style sheet and no other
        String style = "<a style=\"color:#eceff1;text-decoration:none;font-weight:600\" href=\"";
        String link = style + "/\">";
        String pooled = submission == null
                ? ""
                : " " + style + "/submission/" + escape(Query.encode(submission)) + "\">· submission "
                        + escape(submission) + ", machines pooled</a>";
        return "<nav class=\"serve\" style=\"margin:-1rem -1.5rem 1rem;padding:.5rem 1.5rem;background:#263238\">"
                + link + "overhead serve</a> " + link + "· studies</a>" + pooled + "</nav>\n";
    }

    private static void select(StringBuilder out, String name, String chosen, List<String> values) {
        out.append("<label>")
                .append(name)
                .append(" <select name=\"")
                .append(name)
                .append("\"><option value=\"\">any</option>");
        for (String v : new TreeSet<>(values)) {
            out.append("<option value=\"")
                    .append(escape(v))
                    .append(v.equals(chosen) ? "\" selected>" : "\">")
                    .append(escape(v))
                    .append("</option>");
        }
        out.append("</select></label>\n");
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
