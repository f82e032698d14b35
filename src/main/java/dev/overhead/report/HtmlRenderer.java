package dev.overhead.report;

import dev.overhead.model.StudyResult;
import dev.overhead.stats.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * One self-contained HTML page that works offline: the tables are written here, the charts are
 * drawn by ECharts (inlined from its webjar) from the JSON data block. All user text is escaped.
 */
public final class HtmlRenderer {
    private HtmlRenderer() {}

    /** ECharts, the one file the build unpacks from its webjar (pom.xml, {@code echarts.version}), with its LICENSE and NOTICE beside it. */
    static final String ECHARTS = "dev/overhead/report/echarts/echarts.min.js";

    public static String render(StudyResult study) {
        return render(study, RenderOptions.DEFAULT);
    }

    public static String render(StudyResult study, RenderOptions options) {
        Digest d = Digest.of(study, options);
        StringBuilder out = new StringBuilder();
        out.append("<!DOCTYPE html>\n<html lang=\"")
                .append(esc(lang(options)))
                .append("\">\n<head>\n")
                .append("<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>overhead report: ")
                .append(esc(title(study)))
                .append("</title>\n<style>\n")
                .append(resource("report.css"))
                .append("</style>\n</head>\n<body>\n<header>\n<h1>overhead report: ")
                .append(esc(title(study)))
                .append("</h1>\n");
        d.facts().forEach(f -> out.append("<p class=\"fact\">").append(esc(f)).append("</p>\n"));
        if (!d.options().isEmpty()) {
            out.append("<p class=\"fact\">").append(esc(d.options())).append("</p>\n");
        }
        out.append("</header>\n");

        if (!d.variants().isEmpty()) {
            out.append("<section id=\"variant-names\">\n<h2>Variants</h2>\n<ul>\n");
            d.variants()
                    .forEach(v -> out.append("<li><b>")
                            .append(esc(v.getKey()))
                            .append("</b> ")
                            .append(esc(v.getValue()))
                            .append("</li>\n"));
            out.append("</ul>\n</section>\n");
        }
        if (d.overview() != null) {
            out.append("<section id=\"summary\">\n<h2>Summary</h2>\n<p>")
                    .append(esc(d.overview().title()))
                    .append("</p>\n");
            table(out, d.overview().table(), d.overview().verdicts());
            if (!d.plainWords().isEmpty()) {
                out.append("<p class=\"plain\">").append(esc(d.plainWords())).append("</p>\n");
            }
            out.append("</section>\n");
        }
        // what weakens the verdicts comes right after them, before the charts and the details
        if (!d.warnings().isEmpty()) {
            out.append("<section id=\"warnings\">\n<h2>Warnings</h2>\n<ul>\n");
            d.warnings().forEach(w -> out.append("<li>").append(esc(w)).append("</li>\n"));
            out.append("</ul>\n</section>\n");
        }

        out.append("<section id=\"forest\">\n<h2>Changes with their intervals</h2>\n")
                .append("<div class=\"chart tall\" id=\"forest-chart\"></div>\n</section>\n");
        out.append("<section id=\"charts-controls\"><label>metric for the run-sequence and parameter charts ")
                .append("<select id=\"metric-select\"></select></label></section>\n");
        out.append("<section id=\"parameters\" hidden>\n<h2>Against the parameters</h2>\n")
                .append("<div id=\"parameter-charts\"></div>\n</section>\n");

        for (int i = 0; i < d.sections().size(); i++) {
            Digest.Section s = d.sections().get(i);
            out.append("<section class=\"workload\" data-workload=\"")
                    .append(i)
                    .append("\">\n<h2>")
                    .append(esc(s.workload()))
                    .append("</h2>\n<p>");
            if (!s.command().isBlank()) {
                out.append("<code>").append(esc(s.command())).append("</code><br>");
            }
            out.append("runs: ").append(esc(s.runs())).append("</p>\n");
            if (s.figures() != null) {
                table(out, s.figures(), List.of());
            }
            for (Digest.Block b : s.blocks()) {
                out.append("<h3>")
                        .append(esc(b.candidate()))
                        .append(" vs ")
                        .append(esc(b.baseline()))
                        .append("</h3>\n");
                // over builds or boots the page has room for the units, the variance split and units needed
                table(out, b.design() == null ? b.table() : b.table().withBeforeLast(b.design()), b.verdicts());
            }
            if (!s.notes().isEmpty()) {
                out.append("<ul class=\"notes\">\n");
                s.notes().forEach(n -> out.append("<li>").append(esc(n)).append("</li>\n"));
                out.append("</ul>\n");
            }
            out.append("<h3>Run sequence</h3>\n<div class=\"chart sequence\"></div>\n")
                    .append("<h3>Distributions</h3>\n<div class=\"dist-grid\"></div>\n</section>\n");
        }

        if (!d.commands().isEmpty()) {
            out.append("<section id=\"variants\">\n<h2>Variants</h2>\n<ul>\n");
            d.variantSpecs()
                    .forEach(v -> out.append("<li><code>").append(esc(v)).append("</code></li>\n"));
            out.append("</ul>\n<h2>Commands</h2>\n");
            for (Digest.Command c : d.commands()) {
                out.append("<p>")
                        .append(esc(c.workload() + ", " + c.variant()))
                        .append(":</p>\n<pre class=\"command\">")
                        .append(esc(c.line()))
                        .append("</pre>\n");
            }
            out.append("</section>\n");
        }
        if (!d.environment().isEmpty()) {
            out.append("<section id=\"environment\">\n<h2>Environment</h2>\n<table>\n");
            for (Map.Entry<String, String> e : d.environment()) {
                out.append("<tr><th>")
                        .append(esc(e.getKey()))
                        .append("</th><td>")
                        .append(esc(e.getValue()))
                        .append("</td></tr>\n");
            }
            out.append("</table>\n</section>\n");
        }
        out.append("<footer><p>").append(esc(String.join(" ", d.legend()))).append("</p></footer>\n");
        out.append("<script type=\"application/json\" id=\"overhead-data\">\n")
                .append(HtmlData.json(study, options))
                .append("\n</script>\n");
        out.append("<script>\n").append(inert(library())).append("\n</script>\n");
        out.append("<script>\n").append(resource("charts.js")).append("</script>\n");
        out.append("<script>\n").append(resource("report.js")).append("</script>\n</body>\n</html>\n");
        // --ascii is for mail and terminals; a browser shows any character, and the inlined library must stay intact.
        return out.toString();
    }

    /** The data block alone, as the page carries it (for tests and for tools that scrape the page). */
    public static String dataBlock(StudyResult study, RenderOptions options) {
        return HtmlData.json(study, options);
    }

    /** A table; the last column is a verdict where {@code verdicts} has one (null: none) for the row. */
    private static void table(StringBuilder out, Table t, List<Verdict> verdicts) {
        out.append("<table class=\"comparison\">\n<thead><tr>");
        t.columns()
                .forEach(c -> out.append(c.align() == Table.Align.RIGHT ? "<th class=\"num\">" : "<th>")
                        .append(esc(c.header()))
                        .append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        int last = t.columns().size() - 1;
        for (int r = 0; r < t.rows().size(); r++) {
            List<String> row = t.rows().get(r);
            Verdict v = r < verdicts.size() ? verdicts.get(r) : null;
            out.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                boolean right = t.columns().get(c).align() == Table.Align.RIGHT;
                out.append(
                        c == last && v != null
                                ? "<td>" + verdict(v, row.get(c)) + "</td>"
                                : (right ? "<td class=\"num\">" : "<td>") + esc(row.get(c)) + "</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n");
    }

    private static String verdict(Verdict v, String text) {
        return "<span class=\"verdict " + v.word() + "\">" + esc(text) + "</span>";
    }

    private static String title(StudyResult study) {
        String label = study.info().label();
        return label == null || label.isBlank() ? study.info().id() : label;
    }

    private static String lang(RenderOptions options) {
        String tag = options.locale().toLanguageTag();
        return tag.equals("und") ? "en" : tag;
    }

    /** Text for HTML content and attribute values, as every page of {@code overhead serve} writes it too. */
    public static String escape(String s) {
        return esc(s);
    }

    /** The charting library the page inlines, for {@code overhead serve} to serve as a file of its own. */
    public static String chartLibrary() {
        return library();
    }

    /** The charting library as a page's own script element holds it (why's flame graphs, as the report's). */
    public static String chartLibraryInline() {
        return inert(library());
    }

    /**
     * JSON that a page carries in a script element, made inert as the report's data block is: no label, file name or
     * symbol can end or bend the element (serve's pages, why's flame graphs).
     */
    public static String inertJson(String json) {
        return HtmlData.escapeForScript(json);
    }

    /** A text file of overhead's own class path (a page's script), or the sentence that says to rebuild. */
    public static String classPathText(String path) {
        return read(HtmlRenderer.class.getClassLoader(), path);
    }

    /** The chart set-up the report's script and serve's share (charts.js), for serve to serve. */
    public static String chartSetUp() {
        return resource("charts.js");
    }

    /** Text for HTML content and attribute values. */
    static String esc(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Script text that cannot close or comment out its own element, whatever a library contains. */
    static String inert(String script) {
        return script.replace("</script", "<\\/script")
                .replace("</SCRIPT", "<\\/SCRIPT")
                .replace("<!--", "<\\!--");
    }

    static String library() {
        return read(
                Thread.currentThread().getContextClassLoader() != null
                        ? Thread.currentThread().getContextClassLoader()
                        : HtmlRenderer.class.getClassLoader(),
                ECHARTS);
    }

    static String resource(String name) {
        return read(HtmlRenderer.class.getClassLoader(), "dev/overhead/report/" + name);
    }

    private static String read(ClassLoader loader, String path) {
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the report resource " + path + " is missing from the class path;"
                        + " rebuild overhead with ./mvnw package.");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
