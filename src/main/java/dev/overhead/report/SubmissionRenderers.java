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
 * Machine formats use {@link Locale#ROOT}; the text keeps the columns it always had.
 */
public final class SubmissionRenderers {
    private static final String MACHINE_ROW = "%-12s %-20s %-16s %9s %20s %s";
    private static final String POOLED_ROW = "%-20s %-16s %9s %20s %-13s %12s %5s";

    private SubmissionRenderers() {}

    /** Text, JSON or CSV; the other formats are refused by the command before anything is read. */
    public static String render(Format format, PooledSubmission s, String toolVersion) {
        return switch (format) {
            case TEXT -> text(s);
            case JSON -> json(s, toolVersion);
            case CSV -> csv(s);
            case MARKDOWN, HTML ->
                throw new IllegalArgumentException("a submission is written as text, json or csv, not " + format);
        };
    }

    static String text(PooledSubmission s) {
        StringBuilder out = new StringBuilder();
        s.notes().forEach(n -> out.append("note: ").append(n).append('\n'));
        out.append("submission ")
                .append(s.submission())
                .append(": ")
                .append(s.machines().size())
                .append(" machines (")
                .append(String.join(", ", s.machineNames()))
                .append("), primary metric ")
                .append(s.primary())
                .append("\n\nper machine\n");
        line(out, MACHINE_ROW, "machine", "workload", "variant", "change", "interval", "verdict");
        for (PooledSubmission.MachineRow r : s.perMachine()) {
            Comparison c = r.row().comparison();
            line(
                    out,
                    MACHINE_ROW,
                    r.machine(),
                    r.row().workload(),
                    r.row().candidate(),
                    pct(c.changePct()),
                    interval(c.ciLowPct(), c.ciHighPct()),
                    c.verdict().word());
        }
        out.append("\npooled over machines (each machine one estimate: a t interval over the machines)\n");
        line(out, POOLED_ROW, "workload", "variant", "change", "interval", "verdict", "between sd", "I²");
        for (PooledSubmission.PooledRow r : s.pooled()) {
            MachinePooling.Pooled p = r.pooled();
            line(
                    out,
                    POOLED_ROW,
                    r.workload(),
                    r.candidate(),
                    pct(p.changePct()),
                    interval(p.ciLowPct(), p.ciHighPct()),
                    p.verdict().word(),
                    sd(p.betweenSdPct()),
                    iSquared(p.iSquared()));
        }
        return out.append('\n').append(s.conclusion()).append('\n').toString();
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

    private static void line(StringBuilder out, String format, Object... values) {
        out.append(String.format(Locale.ROOT, format, values)).append('\n');
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
