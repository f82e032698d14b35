package dev.overhead.serve;

import static dev.overhead.report.HtmlRenderer.escape;

import dev.overhead.model.ComparisonRow;
import dev.overhead.stats.Verdict;
import dev.overhead.store.Fleet;
import dev.overhead.verdicts.History;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * serve's list of studies ({@code /}): the filters, one page of the studies newest first with each one's verdicts
 * on its primary metric, and the links to the other pages.
 */
final class StudyList {
    private final Pages pages;

    StudyList(Pages pages) {
        this.pages = pages;
    }

    /** What the study list is narrowed to; null or empty: no filter. */
    record Filter(String label, String machine, String workload, String from, String to) {}

    /**
     * One page of the filtered list: how many studies the filters let through, which page of how many this is,
     * its studies, and each one's comparisons on its primary metric (by study id).
     */
    record Listing(
            int matching, int page, int pages, List<Catalog.Entry> studies, Map<String, List<ComparisonRow>> primary) {}

    String render(List<Catalog.Entry> all, Filter f, Listing listing) {
        List<Catalog.Entry> shown = listing.studies();
        StringBuilder out = Pages.head("studies");
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
                out.append("<tr><td>").append(escape(pages.date(e.created()))).append("</td><td>");
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
        return Pages.foot(out, null);
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
                    .append(pages.pct(History.finite(c.changePct())))
                    .append(" [")
                    .append(pages.pct(History.finite(c.ciLowPct())))
                    .append(", ")
                    .append(pages.pct(History.finite(c.ciHighPct())))
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
                                        + escape(pages.pct(History.finite(
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
