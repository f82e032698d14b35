package dev.overhead.why;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.report.HtmlRenderer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One self-contained HTML page: the text report, and for each candidate a differential flame graph
 * drawn by ECharts (inlined from its webjar, as the study report does) from a JSON data block. The
 * layout (where each frame starts and ends) is computed here; ECharts draws and labels it (pure).
 */
public final class WhyHtml {
    private WhyHtml() {}

    /** The study report's ECharts ({@code report/HtmlRenderer}), from the same webjar. */
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * Frames deeper than this are left out of the page: frame-pointer walks through code built
     * without frame pointers end in long chains of [unknown], which would make the graph metres tall.
     */
    static final int MAX_LEVELS = 48;

    public static String render(List<WhyReport> reports) {
        StringBuilder out = new StringBuilder();
        List<Map<String, Object>> graphs = new ArrayList<>();
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>overhead why</title>\n<style>\n")
                .append("body{font-family:sans-serif;margin:1em 2em}pre{font-size:13px}")
                .append(".flame{width:100%;min-height:200px}\n</style>\n</head>\n<body>\n")
                .append("<h1>overhead why</h1>\n");
        for (WhyReport r : reports) {
            out.append("<section>\n<h2>")
                    .append(esc(r.workload()))
                    .append("</h2>\n<pre>")
                    .append(esc(WhyText.render(r, 25)))
                    .append("</pre>\n");
            for (WhyReport.Diff d : r.diffs()) {
                int i = graphs.size();
                out.append("<h3>")
                        .append(esc(d.candidate()))
                        .append(" against ")
                        .append(esc(r.baseline()))
                        .append(": differential flame graph</h3>\n")
                        .append("<p>Width: the candidate's time; red where it spends more than the baseline, blue"
                                + " where less (points of the baseline's total).</p>\n")
                        .append("<div class=\"flame\" id=\"flame-")
                        .append(i)
                        .append("\"></div>\n");
                graphs.add(Map.of("total", d.flame().candidate(), "frames", frames(d.flame())));
            }
            out.append("</section>\n");
        }
        out.append("<script type=\"application/json\" id=\"why-data\">")
                .append(HtmlRenderer.inertJson(json(graphs)))
                .append("</script>\n<script>\n")
                .append(HtmlRenderer.chartLibraryInline())
                .append("\n</script>\n<script>\n")
                .append(HtmlRenderer.classPathText("dev/overhead/why/flame.js"))
                .append("</script>\n</body>\n</html>\n");
        return out.toString();
    }

    /** Each frame as [level, start, end, name, change, baseline, candidate], laid out by the candidate's widths. */
    static List<List<Object>> frames(WhyReport.FlameNode root) {
        List<List<Object>> out = new ArrayList<>();
        lay(root, 0, 0, out);
        return out;
    }

    private static void lay(WhyReport.FlameNode n, int level, double start, List<List<Object>> out) {
        if (n.candidate() <= 0 || level > MAX_LEVELS) {
            return; // the candidate never ran it: no width in the candidate's graph
        }
        out.add(List.of(
                level,
                start,
                start + n.candidate(),
                n.name(),
                n.candidate() - n.baseline(),
                n.baseline(),
                n.candidate()));
        double x = start;
        for (WhyReport.FlameNode c : n.children()) {
            lay(c, level + 1, x, out);
            x += Math.max(0, c.candidate());
        }
    }

    private static String json(Object o) {
        try {
            return MAPPER.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the flame graph data could not be written as JSON", e);
        }
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
