package dev.overhead.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.MachinePooling;
import dev.overhead.verdicts.PooledSubmission;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code overhead compare --submission}: the machines' comparisons and the pooled rows as text, JSON
 * ({@code overhead/1}, with the study's comparison objects plus a machine, docs/cli.md) and CSV.
 * Machine formats use {@link Locale#ROOT}; the text is laid out by {@link Table} and fits a mail.
 */
public final class SubmissionRenderers {

    private SubmissionRenderers() {}

    /** Text, JSON or CSV; the other formats are refused by the command before anything is read. */
    public static String render(Format format, PooledSubmission s, String toolVersion) {
        return render(format, s, toolVersion, false);
    }

    /** As {@link #render(Format, PooledSubmission, String)}, the text 7-bit where {@code ascii} (--ascii). */
    public static String render(Format format, PooledSubmission s, String toolVersion, boolean ascii) {
        return switch (format) {
            case TEXT -> text(s, ascii);
            case JSON -> json(s, toolVersion);
            case CSV -> csv(s);
            case MARKDOWN -> markdown(s);
            case JUNIT -> JUnitReport.submission(s, java.util.List.of());
            case HTML ->
                throw new IllegalArgumentException(
                        "a submission is written as text, markdown, json or csv, not " + format);
        };
    }

    static String text(PooledSubmission s) {
        return text(s, false);
    }

    /**
     * Laid out by {@link Table} like a study's report (columns as wide as their longest cell, so a long
     * machine name does not push its row out of line), prose wrapped at 80 columns for a mail, and with
     * {@code ascii} every cell 7-bit before the layout.
     */
    static String text(PooledSubmission s, boolean ascii) {
        Glyphs g = new Glyphs(ascii);
        StringBuilder out = new StringBuilder();
        s.notes().forEach(n -> paragraph(out, g.text("note: " + n)));
        paragraph(
                out,
                g.text("submission " + s.submission() + ": " + s.machines().size() + " machines ("
                        + String.join(", ", s.machineNames()) + "), primary metric " + s.primary()));
        out.append("\nper machine\n");
        out.append(table(g, PER_MACHINE, 3, cells(g, perMachine(s))));
        out.append('\n');
        paragraph(out, g.text("pooled over machines (each machine one estimate: a t interval over the machines)"));
        out.append(table(g, POOLED, 2, cells(g, pooled(s, false))));
        out.append('\n');
        paragraph(out, g.text(s.conclusion()));
        return out.toString();
    }

    /**
     * For a pull request or CI summary: the same tables as the text (GitHub's markup, cells escaped as the study
     * reports escape theirs), under headings.
     */
    static String markdown(PooledSubmission s) {
        StringBuilder out = new StringBuilder();
        out.append("# Submission ")
                .append(MarkdownRenderer.escape(s.submission()))
                .append("\n\n")
                .append(MarkdownRenderer.escape(s.machines().size() + " machines ("
                        + String.join(", ", s.machineNames()) + "), primary metric " + s.primary()))
                .append("\n\n");
        s.notes()
                .forEach(n -> out.append("- note: ")
                        .append(MarkdownRenderer.escape(n))
                        .append('\n'));
        if (!s.notes().isEmpty()) {
            out.append('\n');
        }
        out.append("## Pooled over machines\n\n");
        out.append(markdownTable(POOLED, 2, escaped(pooled(s, true)))).append('\n');
        out.append(MarkdownRenderer.escape(s.conclusion())).append("\n\n");
        out.append("## Per machine\n\n");
        out.append(markdownTable(PER_MACHINE, 3, escaped(perMachine(s))));
        return out.toString();
    }

    private static final List<String> PER_MACHINE =
            List.of("machine", "workload", "variant", "change", "interval", "verdict");
    private static final List<String> POOLED =
            List.of("workload", "variant", "change", "interval", "verdict", "between sd", "I²");

    /** The per-machine table's cells, as written (the text and Markdown forms escape them each their way). */
    private static List<List<String>> perMachine(PooledSubmission s) {
        List<List<String>> rows = new ArrayList<>();
        for (PooledSubmission.MachineRow r : s.perMachine()) {
            Comparison c = r.row().comparison();
            rows.add(List.of(
                    r.machine(),
                    r.row().workload(),
                    r.row().candidate(),
                    pct(c.changePct()),
                    interval(c.ciLowPct(), c.ciHighPct()),
                    c.verdict().word()));
        }
        return rows;
    }

    /** The pooled table's cells; {@code bold}: the verdict in Markdown's bold, which escaping leaves alone. */
    private static List<List<String>> pooled(PooledSubmission s, boolean bold) {
        List<List<String>> rows = new ArrayList<>();
        for (PooledSubmission.PooledRow r : s.pooled()) {
            MachinePooling.Pooled p = r.pooled();
            rows.add(List.of(
                    r.workload(),
                    r.candidate(),
                    pct(p.changePct()),
                    interval(p.ciLowPct(), p.ciHighPct()),
                    bold ? "**" + p.verdict().word() + "**" : p.verdict().word(),
                    sd(p.betweenSdPct()),
                    iSquared(p.iSquared())));
        }
        return rows;
    }

    private static List<List<String>> escaped(List<List<String>> rows) {
        return rows.stream()
                .map(r -> r.stream()
                        .map(v -> v.startsWith("**") ? v : MarkdownRenderer.escape(v))
                        .toList())
                .toList();
    }

    private static String markdownTable(List<String> headers, int names, List<List<String>> rows) {
        return new Table(columns(headers, names), rows).render(new Table.GitHub());
    }

    /** Left-aligned names up to {@code names}, then right-aligned figures; the verdict left. */
    private static List<Table.Column> columns(List<String> headers, int names) {
        List<Table.Column> columns = new ArrayList<>();
        for (int i = 0; i < headers.size(); i++) {
            boolean left = i < names || headers.get(i).equals("verdict");
            columns.add(new Table.Column(headers.get(i), left ? Table.Align.LEFT : Table.Align.RIGHT));
        }
        return columns;
    }

    private static List<List<String>> cells(Glyphs g, List<List<String>> rows) {
        return rows.stream().map(r -> r.stream().map(g::text).toList()).toList();
    }

    private static String table(Glyphs g, List<String> headers, int names, List<List<String>> rows) {
        return new Table(columns(headers.stream().map(g::text).toList(), names), rows).render(new Table.Plain(2));
    }

    private static void paragraph(StringBuilder out, String text) {
        Wrap.words(text, TextRenderer.WIDTH, "", "  ")
                .forEach(l -> out.append(l).append('\n'));
    }

    static String json(PooledSubmission s, String toolVersion) {
        ObjectNode root = JsonRenderer.root(toolVersion);
        ObjectNode info = root.putObject("submission");
        info.put("id", s.submission());
        info.put("metric", s.primary());
        info.put("confidence", s.confidence());
        info.put("threshold_pct", s.thresholdPct());
        ArrayNode machines = info.putArray("machines");
        for (PooledSubmission.Machine m : s.machines()) {
            ObjectNode n = machines.addObject();
            n.put("name", m.name());
            n.put("study", m.judged().info().id());
            n.put("label", m.judged().info().label());
            n.put("state", m.state());
            n.put("runs", m.runs());
        }
        ArrayNode comparisons = root.putArray("comparisons");
        for (PooledSubmission.MachineRow r : s.perMachine()) {
            ObjectNode n = comparisons.addObject();
            n.put("machine", r.machine());
            n.put("study", r.study());
            n.setAll(JsonRenderer.comparison(r.row()));
        }
        ArrayNode pooled = root.putArray("pooled");
        for (PooledSubmission.PooledRow r : s.pooled()) {
            MachinePooling.Pooled p = r.pooled();
            ObjectNode n = pooled.addObject();
            n.put("workload", r.workload());
            n.put("metric", r.metric());
            n.put("better", r.any().better().word());
            n.put("unit", r.unit());
            n.put("baseline", r.baseline());
            n.put("candidate", r.candidate());
            n.put("machines", p.machines());
            JsonRenderer.number(n, "change_pct", p.changePct());
            JsonRenderer.number(n, "ci_low_pct", p.ciLowPct());
            JsonRenderer.number(n, "ci_high_pct", p.ciHighPct());
            n.put("verdict", p.verdict().word());
            JsonRenderer.number(n, "between_sd_pct", p.betweenSdPct());
            JsonRenderer.number(n, "i_squared", p.iSquared());
            n.put("disagree", r.disagree());
        }
        root.put("conclusion", s.conclusion());
        ArrayNode warnings = root.putArray("warnings");
        s.notes().forEach(warnings::add);
        return JsonRenderer.write(root, "a submission");
    }

    /** One row per machine and comparison, then one per pooled comparison ({@code kind} tells them apart). */
    static String csv(PooledSubmission s) {
        StringBuilder out = new StringBuilder("kind,machine,study,workload,metric,unit,baseline,candidate,machines,"
                + "change_pct,ci_low_pct,ci_high_pct,verdict,between_sd_pct,i_squared\n");
        for (PooledSubmission.MachineRow r : s.perMachine()) {
            Comparison c = r.row().comparison();
            row(
                    out,
                    "machine",
                    r.machine(),
                    r.study(),
                    r.row().workload(),
                    r.row().metric(),
                    r.row().unit(),
                    r.row().baseline(),
                    r.row().candidate(),
                    "1",
                    CsvRenderer.number(c.changePct()),
                    CsvRenderer.number(c.ciLowPct()),
                    CsvRenderer.number(c.ciHighPct()),
                    c.verdict().word(),
                    "",
                    "");
        }
        for (PooledSubmission.PooledRow r : s.pooled()) {
            MachinePooling.Pooled p = r.pooled();
            row(
                    out,
                    "pooled",
                    "",
                    "",
                    r.workload(),
                    r.metric(),
                    r.unit(),
                    r.baseline(),
                    r.candidate(),
                    Integer.toString(p.machines()),
                    CsvRenderer.number(p.changePct()),
                    CsvRenderer.number(p.ciLowPct()),
                    CsvRenderer.number(p.ciHighPct()),
                    p.verdict().word(),
                    CsvRenderer.number(p.betweenSdPct()),
                    CsvRenderer.number(p.iSquared()));
        }
        return out.toString();
    }

    private static void row(StringBuilder out, String... fields) {
        List<String> quoted = new ArrayList<>();
        for (String f : fields) {
            quoted.add(CsvRenderer.quote(f == null ? "" : f));
        }
        out.append(String.join(",", quoted)).append('\n');
    }

    /** A change in percent as the text shows it, or — where there is none. */
    public static String pct(double v) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%+.1f%%", v);
    }

    public static String interval(double lo, double hi) {
        return Double.isNaN(lo) ? "—" : String.format(Locale.ROOT, "[%+.1f, %+.1f]", lo, hi);
    }

    public static String sd(double v) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%.1f%%", v);
    }

    public static String iSquared(double v) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%.0f%%", v * 100);
    }
}
