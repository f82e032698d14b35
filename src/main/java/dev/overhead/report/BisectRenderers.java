package dev.overhead.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overhead.model.BisectResult;
import dev.overhead.model.BisectStep;
import dev.overhead.report.Table.Align;
import dev.overhead.report.Table.Column;
import dev.overhead.stats.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A bisection's chain in every format: the steps with their intervals against the good build, and
 * how it ended. Human formats share one digest ({@link #facts}, {@link #table}, {@link #ending}), as
 * the study renderers share {@code Digest}; machine formats use {@link Locale#ROOT}.
 */
public final class BisectRenderers {
    public static final String SCHEMA = "overhead-bisect/1";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final int WIDTH = 80;

    private BisectRenderers() {}

    public static String render(Format format, BisectResult result, RenderOptions options) {
        RenderOptions human = options == null ? RenderOptions.DEFAULT : options;
        return switch (format) {
            case TEXT -> text(result, human);
            case MARKDOWN -> markdown(result, human);
            case HTML -> html(result, human);
            case JSON -> json(result, dev.overhead.model.ToolVersion.current());
            case CSV -> csv(result);
            case JUNIT ->
                throw new IllegalArgumentException("bisect writes text, markdown, html, json or csv, not junit");
        };
    }

    static String text(BisectResult r, RenderOptions options) {
        StringBuilder out = new StringBuilder();
        for (String f : facts(r, options)) {
            Wrap.words(f, WIDTH, "", "  ").forEach(l -> out.append(l).append('\n'));
        }
        out.append('\n')
                .append(table(r, options, false).render(new Table.Plain(2)))
                .append('\n');
        for (String line : ending(r, options)) {
            Wrap.words(line, WIDTH, "", "  ").forEach(l -> out.append(l).append('\n'));
        }
        List<String> notes = notes(r);
        if (!notes.isEmpty()) {
            out.append('\n');
            notes.forEach(n ->
                    Wrap.words(n, WIDTH, "- ", "  ").forEach(l -> out.append(l).append('\n')));
        }
        String s = out.toString();
        return options.ascii() ? Glyphs.toAscii(s) : s;
    }

    static String markdown(BisectResult r, RenderOptions options) {
        StringBuilder out = new StringBuilder("# overhead bisect\n\n");
        facts(r, options).forEach(f -> out.append(MarkdownRenderer.escape(f)).append("  \n"));
        out.append('\n');
        Table t = table(r, options, true);
        Table escaped = new Table(
                t.columns(),
                t.rows().stream()
                        .map(row -> row.stream().map(MarkdownRenderer::escape).toList())
                        .toList());
        out.append(escaped.render(new Table.GitHub())).append('\n');
        out.append("## Result\n\n");
        ending(r, options).forEach(e -> out.append(MarkdownRenderer.escape(e)).append("\n\n"));
        List<String> notes = notes(r);
        if (!notes.isEmpty()) {
            out.append("## Notes\n\n");
            notes.forEach(
                    n -> out.append("- ").append(MarkdownRenderer.escape(n)).append('\n'));
            out.append('\n');
        }
        String s = out.toString();
        return options.ascii() ? Glyphs.toAscii(s) : s;
    }

    static String html(BisectResult r, RenderOptions options) {
        String title =
                "overhead bisect: " + r.good().substring(0, 7) + ".." + r.bad().substring(0, 7);
        StringBuilder out = new StringBuilder();
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(HtmlRenderer.esc(title))
                .append("</title>\n<style>\n")
                .append(HtmlRenderer.resource("report.css"))
                .append("</style>\n</head>\n<body>\n<header>\n<h1>")
                .append(HtmlRenderer.esc(title))
                .append("</h1>\n");
        facts(r, options)
                .forEach(f -> out.append("<p class=\"fact\">")
                        .append(HtmlRenderer.esc(f))
                        .append("</p>\n"));
        out.append("</header>\n<section id=\"steps\">\n<h2>Steps</h2>\n<table>\n<thead><tr>");
        Table t = table(r, options, true);
        for (Column c : t.columns()) {
            out.append(c.align() == Align.RIGHT ? "<th class=\"num\">" : "<th>")
                    .append(HtmlRenderer.esc(c.header()))
                    .append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < t.rows().size(); i++) {
            List<String> row = t.rows().get(i);
            Comparison c = r.steps().get(i).comparison();
            out.append("<tr>");
            for (int j = 0; j < row.size(); j++) {
                String cell = HtmlRenderer.esc(row.get(j));
                if (t.columns().get(j).header().equals("verdict") && c != null) {
                    cell = "<span class=\"verdict " + c.verdict().word() + "\">" + cell + "</span>";
                }
                out.append(t.columns().get(j).align() == Align.RIGHT ? "<td class=\"num\">" : "<td>")
                        .append(cell)
                        .append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n</section>\n<section id=\"result\">\n<h2>Result</h2>\n");
        ending(r, options)
                .forEach(e -> out.append("<p>").append(HtmlRenderer.esc(e)).append("</p>\n"));
        List<String> notes = notes(r);
        if (!notes.isEmpty()) {
            out.append("<ul class=\"notes\">\n");
            notes.forEach(n -> out.append("<li>").append(HtmlRenderer.esc(n)).append("</li>\n"));
            out.append("</ul>\n");
        }
        out.append("</section>\n</body>\n</html>\n");
        String s = out.toString();
        return options.ascii() ? Glyphs.toAscii(s) : s;
    }

    static String json(BisectResult r, String toolVersion) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        ObjectNode tool = root.putObject("tool");
        tool.put("name", "overhead");
        tool.put("version", toolVersion);
        root.put("good", r.good());
        root.put("bad", r.bad());
        root.put("commits", r.commits());
        root.put("command", r.command());
        root.put("build", r.build());
        root.put("metric", r.metric());
        root.put("threshold_pct", r.thresholdPct());
        root.put("confidence", r.confidence());
        root.put("max_runs", r.maxRuns());
        ArrayNode steps = root.putArray("steps");
        for (BisectStep s : r.steps()) {
            ObjectNode n = steps.addObject();
            n.put("step", s.number());
            n.put("commit", s.commit());
            n.put("subject", s.subject());
            n.put("position", s.position());
            n.put("study", s.studyId());
            n.put("mark", s.mark().word());
            Comparison c = s.comparison();
            n.put("verdict", c == null ? null : c.verdict().word());
            n.put("change_pct", c == null ? null : finite(c.changePct()));
            n.put("ci_low_pct", c == null ? null : finite(c.ciLowPct()));
            n.put("ci_high_pct", c == null ? null : finite(c.ciHighPct()));
            n.put("n_good", c == null ? null : c.nBaseline());
            n.put("n_tested", c == null ? null : c.nCandidate());
            n.put("runs_needed", c == null ? null : c.runsNeeded());
            n.put("note", s.note());
        }
        ObjectNode end = root.putObject("result");
        switch (r.end()) {
            case BisectResult.Found f -> {
                end.put("outcome", "found");
                end.put("commit", f.commit());
                end.put("subject", f.subject());
                end.put("position", f.position());
            }
            case BisectResult.Candidates c -> {
                end.put("outcome", "inconclusive");
                ArrayNode list = end.putArray("candidates");
                c.commits().forEach(list::add);
                end.put("runs_needed", c.runsNeeded());
            }
            case BisectResult.NotWorse n -> {
                end.put(
                        "outcome",
                        n.verdict() == dev.overhead.stats.Verdict.INCONCLUSIVE ? "inconclusive" : "not_worse");
                end.put("verdict", n.verdict().word());
                end.put("runs_needed", n.runsNeeded());
            }
            case BisectResult.Interrupted i -> end.put("outcome", "interrupted");
        }
        ArrayNode warnings = root.putArray("warnings");
        r.warnings().forEach(warnings::add);
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a bisection could not be written as JSON", e);
        }
    }

    static String csv(BisectResult r) {
        StringBuilder out = new StringBuilder(
                "step,commit,position,subject,study,mark,verdict,change_pct,ci_low_pct,ci_high_pct,n_good,n_tested,"
                        + "runs_needed,note\n");
        for (BisectStep s : r.steps()) {
            Comparison c = s.comparison();
            List<String> f = new ArrayList<>(
                    List.of(Integer.toString(s.number()), s.commit(), Integer.toString(s.position()), s.subject()));
            f.add(s.studyId());
            f.add(s.mark().word());
            f.add(c == null ? "" : c.verdict().word());
            f.add(c == null ? "" : number(c.changePct()));
            f.add(c == null ? "" : number(c.ciLowPct()));
            f.add(c == null ? "" : number(c.ciHighPct()));
            f.add(c == null ? "" : Integer.toString(c.nBaseline()));
            f.add(c == null ? "" : Integer.toString(c.nCandidate()));
            f.add(c == null || c.runsNeeded() == null ? "" : Integer.toString(c.runsNeeded()));
            f.add(s.note());
            out.append(String.join(",", f.stream().map(CsvRenderer::quote).toList()))
                    .append('\n');
        }
        return out.toString();
    }

    /** What was bisected and how each step was judged. */
    static List<String> facts(BisectResult r, RenderOptions options) {
        Numbers n = Numbers.of(options);
        List<String> out = new ArrayList<>();
        out.add("overhead bisect " + r.good().substring(0, 7) + ".." + r.bad().substring(0, 7) + ": " + r.commits()
                + (r.commits() == 1 ? " commit" : " commits") + " after the good revision");
        out.add("command: " + r.command());
        if (r.build() != null) {
            out.add("build: " + r.build());
        }
        Double midpoint = r.midpoint();
        out.add("each step: " + r.metric() + " of the commit's build against the good build, interleaved; the bad"
                + " revision must be worse at " + String.format(options.locale(), "%.0f%%", r.confidence() * 100)
                + " confidence (equivalent within " + n.glyphs().pm() + n.plainPct(r.thresholdPct()) + "), then"
                + (midpoint == null
                        ? " a commit is bad or good by the side of the midpoint between the ends its interval lies on"
                        : " a commit is bad where its interval lies above +" + n.plainPct(midpoint)
                                + " (the midpoint between the ends), good where below")
                + "; up to " + r.maxRuns() + " runs per build, then skipped");
        return out;
    }

    /** One row per step, in the order taken; with the commit's subject where the width allows. */
    static Table table(BisectResult r, RenderOptions options, boolean subjects) {
        Numbers n = Numbers.of(options);
        List<Column> columns = new ArrayList<>(List.of(
                new Column("step", Align.RIGHT),
                new Column("commit", Align.LEFT),
                new Column("at", Align.RIGHT),
                new Column("change", Align.RIGHT),
                new Column("interval", Align.LEFT),
                new Column("runs", Align.RIGHT),
                new Column("verdict", Align.LEFT),
                new Column("mark", Align.LEFT)));
        if (subjects) {
            columns.add(new Column("subject", Align.LEFT));
        }
        List<List<String>> rows = new ArrayList<>();
        for (BisectStep s : r.steps()) {
            Comparison c = s.comparison();
            boolean ratio = c != null && Numbers.asRatio(c.changePct(), c.ciHighPct());
            List<String> row = new ArrayList<>(List.of(
                    Integer.toString(s.number()),
                    s.commit().substring(0, 7),
                    s.position() + "/" + r.commits(),
                    c == null ? n.glyphs().dash() : n.change(c.changePct(), ratio),
                    c == null ? "" : n.interval(c.ciLowPct(), c.ciHighPct(), ratio),
                    c == null ? "" : Integer.toString(Math.min(c.nBaseline(), c.nCandidate())),
                    c == null ? "" : c.verdict().word(),
                    s.mark().word()));
            if (subjects) {
                row.add(s.subject());
            }
            rows.add(row);
        }
        return new Table(columns, rows);
    }

    /** How it ended, in sentences: the commit, or why none is named and what would settle it. */
    static List<String> ending(BisectResult r, RenderOptions options) {
        Numbers n = Numbers.of(options);
        List<String> out = new ArrayList<>();
        String good = r.good().substring(0, 7);
        switch (r.end()) {
            case BisectResult.Found f -> {
                out.add("first worse commit: " + f.commit().substring(0, 7) + " (" + f.position() + " of " + r.commits()
                        + ") " + f.subject());
                r.steps().stream()
                        .filter(s -> s.commit().equals(f.commit()) && s.comparison() != null)
                        .findFirst()
                        .ifPresent(s -> out.add("its " + r.metric() + " against " + good + ": "
                                + change(n, s.comparison()) + ", worse; " + before(r, f.position()) + "."));
            }
            case BisectResult.Candidates c -> {
                List<String> shortNames =
                        c.commits().stream().map(h -> h.substring(0, 7)).toList();
                out.add("inconclusive: the first worse commit is one of " + String.join(", ", shortNames)
                        + "; the commits before the last were skipped (still inconclusive after the budget of "
                        + r.maxRuns() + " runs per build, or not built).");
                out.add(
                        c.runsNeeded() == null
                                ? "More runs per build (--max-runs) or a wider --threshold would settle them."
                                : "About " + c.runsNeeded() + " runs per build would likely settle them: run again with"
                                        + " --max-runs " + c.runsNeeded() + ".");
            }
            case BisectResult.NotWorse nw -> {
                String bad = r.bad().substring(0, 7);
                String figures = r.steps().stream()
                        .filter(s -> s.commit().equals(r.bad()) && s.comparison() != null)
                        .findFirst()
                        .map(s -> ": " + change(n, s.comparison()) + " after "
                                + Math.min(
                                        s.comparison().nBaseline(),
                                        s.comparison().nCandidate())
                                + " runs per build")
                        .orElse("");
                if (nw.verdict() == dev.overhead.stats.Verdict.INCONCLUSIVE) {
                    out.add("inconclusive: the bad revision " + bad + " is not measurably worse than the good one "
                            + good + figures + ", so no commit is named.");
                    out.add(
                            nw.runsNeeded() == null
                                    ? "More runs per build (--max-runs) or a wider --threshold would settle it."
                                    : "About " + nw.runsNeeded()
                                            + " runs per build would likely settle it: run again with" + " --max-runs "
                                            + nw.runsNeeded() + ".");
                } else {
                    out.add("nothing to find: the bad revision " + bad + " is "
                            + nw.verdict().word() + " to the good one " + good + figures
                            + ", so no commit is worse beyond the threshold.");
                }
            }
            case BisectResult.Interrupted i ->
                out.add("interrupted after " + r.steps().size() + (r.steps().size() == 1 ? " step" : " steps")
                        + "; the runs are kept in the store and the same command continues.");
        }
        return out;
    }

    /** Why the commit before the culprit is not it: the nearest good step at or before it. */
    private static String before(BisectResult r, int position) {
        return r.steps().stream()
                .filter(s -> s.mark() == BisectStep.Mark.GOOD && s.position() < position)
                .max(java.util.Comparator.comparingInt(BisectStep::position))
                .map(s -> s.position() == position - 1
                        ? "the commit before it, " + s.commit().substring(0, 7) + ", was measured good"
                        : "every commit before it lies at or before "
                                + s.commit().substring(0, 7) + ", measured good")
                .orElse("it is the first commit after the good revision");
    }

    private static List<String> notes(BisectResult r) {
        List<String> out = new ArrayList<>();
        for (BisectStep s : r.steps()) {
            if (s.note() != null) {
                out.add("step " + s.number() + " (" + s.commit().substring(0, 7) + "): " + s.note());
            }
        }
        out.addAll(r.warnings());
        return out;
    }

    private static String change(Numbers n, Comparison c) {
        boolean ratio = Numbers.asRatio(c.changePct(), c.ciHighPct());
        return n.change(c.changePct(), ratio) + " " + n.interval(c.ciLowPct(), c.ciHighPct(), ratio);
    }

    private static String number(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.4f", v) : "";
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
