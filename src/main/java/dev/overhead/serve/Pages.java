package dev.overhead.serve;

import static dev.overhead.report.HtmlRenderer.escape;

import dev.overhead.verdicts.History;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

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

    /** The list of studies (StudyList), with this server's locale and time zone. */
    String list(List<Catalog.Entry> all, StudyList.Filter f, StudyList.Listing listing) {
        return new StudyList(this).render(all, f, listing);
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

    String pct(Double v) {
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
}
