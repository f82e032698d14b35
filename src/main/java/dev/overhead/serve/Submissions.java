package dev.overhead.serve;

import static dev.overhead.report.HtmlRenderer.escape;

import dev.overhead.report.SubmissionRenderers;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.MachinePooling;
import dev.overhead.verdicts.History;
import dev.overhead.verdicts.PooledSubmission;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A submission's page: the machines' verdicts side by side, the change pooled over them with its
 * interval (which includes the variation between machines) and how much they disagree; the same
 * {@link PooledSubmission} and the same figures as {@code overhead compare --submission ID}.
 */
final class Submissions {
    /** The chart's column of the pooled estimate, after the machines'. */
    static final String POOLED = "pooled over machines";

    private Submissions() {}

    /** The chart's data, in the shape of the machines page's table: one column per machine, then the pooled one. */
    static Map<String, Object> table(PooledSubmission p) {
        List<String> columns = new ArrayList<>(p.machineNames());
        columns.add(POOLED);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (PooledSubmission.PooledRow r : p.pooled()) {
            List<Machines.Cell> cells = new ArrayList<>();
            for (String m : p.machineNames()) {
                cells.add(p.perMachine().stream()
                        .filter(x -> x.machine().equals(m) && same(x, r))
                        .findFirst()
                        .map(x -> cell(x.study(), x.row().comparison()))
                        .orElse(null));
            }
            MachinePooling.Pooled pooled = r.pooled();
            cells.add(new Machines.Cell(
                    null,
                    History.finite(pooled.changePct()),
                    History.finite(pooled.ciLowPct()),
                    History.finite(pooled.ciHighPct()),
                    pooled.verdict().word()));
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("workload", r.workload());
            row.put("metric", r.metric());
            row.put("baseline", r.baseline());
            row.put("candidate", r.candidate());
            row.put("cells", cells);
            rows.add(row);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("submission", p.submission());
        out.put("machines", columns);
        out.put("rows", rows);
        return out;
    }

    private static boolean same(PooledSubmission.MachineRow x, PooledSubmission.PooledRow r) {
        return x.row().workload().equals(r.workload())
                && x.row().candidate().equals(r.candidate())
                && x.row().baseline().equals(r.baseline());
    }

    private static Machines.Cell cell(String study, Comparison c) {
        return new Machines.Cell(
                study,
                History.finite(c.changePct()),
                History.finite(c.ciLowPct()),
                History.finite(c.ciHighPct()),
                c.verdict().word());
    }

    /** The page: what was pooled, the chart, one table with a column per machine and the pooled columns. */
    static String page(PooledSubmission p, String json) {
        StringBuilder out = Pages.head("submission " + p.submission());
        out.append("<h1>Submission ")
                .append(escape(p.submission()))
                .append("</h1>\n<p class=\"fact\">")
                .append(p.machines().size())
                .append(p.machines().size() == 1 ? " machine" : " machines")
                .append(", primary metric <b>")
                .append(escape(p.primary()))
                .append("</b>, ")
                .append(escape(String.format(java.util.Locale.ROOT, "%.0f%%", p.confidence() * 100)))
                .append(" intervals, equivalence within ±")
                .append(escape(String.format(java.util.Locale.ROOT, "%.1f%%", p.thresholdPct())))
                .append(". Each machine is judged on its own; the pooled change is the geometric mean of the")
                .append(" machines' ratios, its interval a t interval over the machines, so it includes the")
                .append(" variation between them (<code>overhead compare --submission ")
                .append(escape(p.submission()))
                .append("</code> prints the same figures).</p>\n<ul class=\"keys\" id=\"machine-studies\">\n");
        for (PooledSubmission.Machine m : p.machines()) {
            out.append("<li>")
                    .append(escape(m.name()))
                    .append(": <a class=\"study\" href=\"/study/")
                    .append(escape(Query.encode(m.judged().info().id())))
                    .append("\">")
                    .append(escape(m.judged().info().id()))
                    .append("</a>, ")
                    .append(escape(m.state()))
                    .append(", ")
                    .append(m.runs())
                    .append(" runs</li>\n");
        }
        out.append("</ul>\n");
        for (String note : p.notes()) {
            out.append("<p class=\"fact note\">note: ").append(escape(note)).append("</p>\n");
        }
        out.append("<div class=\"chart tall\" id=\"submission-chart\"></div>\n")
                .append("<table class=\"comparison\" id=\"pooled\">\n<thead><tr><th>workload</th><th>variant</th>");
        for (String m : p.machineNames()) {
            out.append("<th>").append(escape(m)).append("</th>");
        }
        out.append("<th>pooled</th><th class=\"num\">between sd</th><th class=\"num\">I²</th></tr></thead>\n<tbody>\n");
        for (PooledSubmission.PooledRow r : p.pooled()) {
            out.append("<tr><td>")
                    .append(escape(r.workload()))
                    .append("</td><td>")
                    .append(escape(r.candidate() + " vs " + r.baseline()))
                    .append("</td>");
            for (String m : p.machineNames()) {
                var row = p.perMachine().stream()
                        .filter(x -> x.machine().equals(m) && same(x, r))
                        .findFirst();
                if (row.isEmpty()) {
                    out.append("<td></td>");
                    continue;
                }
                Comparison c = row.get().row().comparison();
                verdict(
                        out,
                        c.changePct(),
                        c.ciLowPct(),
                        c.ciHighPct(),
                        c.verdict().word());
            }
            MachinePooling.Pooled pooled = r.pooled();
            verdict(
                    out,
                    pooled.changePct(),
                    pooled.ciLowPct(),
                    pooled.ciHighPct(),
                    pooled.verdict().word());
            out.append("<td class=\"num\">")
                    .append(escape(SubmissionRenderers.sd(pooled.betweenSdPct())))
                    .append("</td><td class=\"num")
                    .append(r.disagree() ? " disagree" : "")
                    .append("\">")
                    .append(escape(SubmissionRenderers.iSquared(pooled.iSquared())))
                    .append("</td></tr>\n");
        }
        out.append("</tbody>\n</table>\n<p id=\"conclusion\">")
                .append(escape(p.conclusion()))
                .append("</p>\n");
        return Pages.foot(out, json);
    }

    /** A change, its interval and verdict, in the figures of the command line's text. */
    private static void verdict(StringBuilder out, double change, double low, double high, String word) {
        out.append("<td class=\"num\">")
                .append(escape(SubmissionRenderers.pct(change) + " " + SubmissionRenderers.interval(low, high)))
                .append(" <span class=\"verdict ")
                .append(escape(word))
                .append("\">")
                .append(escape(word))
                .append("</span></td>");
    }
}
