package dev.overhead.why;

import dev.overhead.stats.PointChange;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The report as 80-column text, to paste into a mail or a review (pure). */
public final class WhyText {
    private WhyText() {}

    static final int WIDTH = 80;
    private static final int NAME = 27;

    /** @param top how many rows each table shows at most */
    public static String render(WhyReport r, int top) {
        StringBuilder out = new StringBuilder();
        out.append("overhead why: ").append(r.command()).append('\n');
        out.append(r.rounds())
                .append(" rounds, ")
                .append(r.event())
                .append(" at ")
                .append(r.frequency())
                .append(" Hz, call graphs: ")
                .append(r.callGraph())
                .append(", system calls: ")
                .append(r.syscallTool())
                .append('\n');
        out.append("profiles: ").append(r.directory()).append('\n');
        for (WhyReport.Diff d : r.diffs()) {
            out.append('\n')
                    .append(d.candidate())
                    .append(" against ")
                    .append(r.baseline())
                    .append('\n');
            out.append(headline(d)).append('\n');
            out.append("  wall under perf: ")
                    .append(pct(d.wall()))
                    .append(" ")
                    .append(interval(d.wall()))
                    .append(' ')
                    .append(d.wall().verdict().word())
                    .append('\n');
            table(out, "symbol", d.symbols(), top);
            table(out, "DSO", d.dsos(), top);
            table(out, "mode", d.modes(), top);
            syscalls(out, d.syscalls(), top);
        }
        out.append('\n')
                .append(wrap(
                        "Changes are in points: percent of the baseline's mean sampled total per run, so the"
                                + " rows of a table add up to the total change. Intervals are Welch's across runs, at "
                                + Math.round(confidence(r) * 100)
                                + "% for each table as a whole (Bonferroni over its rows). worse: the candidate spends more"
                                + " there; equivalent: within the threshold. +new: only the candidate has the symbol;"
                                + " -gone: only the baseline (allocator entry points are matched by role, whatever"
                                + " library they come from); [k]: the kernel's.",
                        ""));
        for (String n : r.notes()) {
            out.append(wrap("Note: " + n, ""));
        }
        return out.toString();
    }

    private static double confidence(WhyReport r) {
        return r.diffs().isEmpty() ? 0.95 : r.diffs().getFirst().total().confidence();
    }

    /** "+24.9% cpu (sampled) [+24.1, +25.8] worse: +24.7 points in extra_work, +0.2 in the kernel's x". */
    static String headline(WhyReport.Diff d) {
        PointChange t = d.total();
        StringBuilder s = new StringBuilder("  " + pct(t) + " sampled time " + interval(t) + ", "
                + t.verdict().word());
        List<String> parts = new ArrayList<>();
        for (WhyReport.Row row : d.symbols()) {
            if (parts.size() == 3 || row.key().equals(WhyAnalysis.OTHER)) {
                continue;
            }
            double e = row.change().estimate();
            // only what surely moved the same way as the total: an inconclusive row is no explanation
            boolean sameWay =
                    t.estimate() > 0 ? row.change().low() > 0 : row.change().high() < 0;
            if (!sameWay || Math.abs(e) < 0.05) {
                continue;
            }
            parts.add(num(e) + (parts.isEmpty() ? " points" : "") + " in " + where(row));
        }
        if (!parts.isEmpty()) {
            s.append(": ").append(String.join(", ", parts));
        }
        return wrap(s.toString()).stripTrailing();
    }

    private static String where(WhyReport.Row row) {
        if (row.kernel()) {
            return "the kernel's " + row.symbol();
        }
        return row.dso().equals("allocator") ? row.symbol() + " (allocator)" : row.symbol();
    }

    private static void table(StringBuilder out, String what, List<WhyReport.Row> rows, int top) {
        if (rows.isEmpty()) {
            return;
        }
        out.append('\n')
                .append(String.format(
                        Locale.ROOT,
                        "  %-" + NAME + "s %6s %6s  %-22s %s%n",
                        what,
                        "base%",
                        "cand%",
                        "change, points",
                        "verdict"));
        int shown = 0;
        for (WhyReport.Row r : rows) {
            if (shown++ == top) {
                out.append("  (").append(rows.size() - top).append(" more in the JSON report)\n");
                break;
            }
            String name = r.symbol();
            if (what.equals("symbol") && name.startsWith("[") && !r.dso().isEmpty() && !r.kernel()) {
                name = name + " (" + r.dso() + ")"; // [unknown] of which file
            }
            // the kernel's symbols and those only one variant has (no role matched them) are marked
            // where they sort, not hidden
            String mark = (what.equals("symbol") && r.kernel() ? " [k]" : "")
                    + (r.only() == null ? "" : r.only().equals("candidate") ? " +new" : " -gone");
            name = cut(name, NAME - mark.length()) + mark;
            String change = num(r.change().estimate()) + " " + interval(r.change());
            out.append(String.format(
                    Locale.ROOT,
                    "  %-" + NAME + "s %6.1f %6.1f  %-22s %s%n",
                    name,
                    r.baselineSharePct(),
                    r.candidateSharePct(),
                    change,
                    r.change().verdict().word()));
        }
    }

    private static void syscalls(StringBuilder out, List<WhyReport.SyscallRow> rows, int top) {
        if (rows.isEmpty()) {
            return;
        }
        out.append('\n')
                .append(String.format(
                        Locale.ROOT,
                        "  %-18s %9s %9s  %-22s %9s%n",
                        "system call",
                        "base/run",
                        "cand/run",
                        "change in calls",
                        "time, ms"));
        int shown = 0;
        for (WhyReport.SyscallRow r : rows) {
            if (shown++ == top) {
                out.append("  (").append(rows.size() - top).append(" more in the JSON report)\n");
                break;
            }
            out.append(String.format(
                    Locale.ROOT,
                    "  %-18s %9.1f %9.1f  %-22s %+9.2f%n",
                    cut(r.name(), 18),
                    r.baselineCalls(),
                    r.candidateCalls(),
                    num(r.calls().estimate()) + " " + interval(r.calls()),
                    r.seconds().estimate() * 1000));
        }
    }

    static String pct(PointChange c) {
        return num(c.estimate()) + "%";
    }

    static String interval(PointChange c) {
        if (Double.isInfinite(c.low()) || Double.isInfinite(c.high())) {
            return "[too few runs]";
        }
        return "[" + num(c.low()) + ", " + num(c.high()) + "]";
    }

    /** One decimal, two below 1 in size, with its sign. */
    static String num(double x) {
        double a = Math.abs(x);
        String f = a >= 100 ? "%+.0f" : a >= 1 || a == 0 ? "%+.1f" : "%+.2f";
        String s = String.format(Locale.ROOT, f, x);
        return s.equals("-0.0") || s.equals("-0.00") ? "+0.0" : s;
    }

    private static String cut(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "~";
    }

    /** Wraps prose at the report's width, continuation lines indented by two. */
    static String wrap(String text) {
        return wrap(text, "  ");
    }

    private static String wrap(String text, String indent) {
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (!line.isEmpty() && line.length() + 1 + word.length() > WIDTH) {
                out.append(line).append('\n');
                line = new StringBuilder(indent);
            }
            if (!line.isEmpty() && !line.toString().equals(indent)) {
                line.append(' ');
            }
            line.append(word);
        }
        return out.append(line).append('\n').toString();
    }
}
