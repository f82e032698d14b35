package dev.overhead.report;

import dev.overhead.model.StudyResult;
import java.util.List;
import java.util.Map;

/**
 * The default report: plain text at most {@value #WIDTH} characters wide, to paste into a mail to a
 * kernel list. Nothing is ever cut to fit: long variant names become letters with a legend, long
 * metric or workload names move to a line of their own, and everything else wraps. It opens with
 * what a reviewer reads first, the summary, the same in plain words and the warnings (the demo's fit
 * one screen); each workload's tables, the commands, the environment and the legend follow with
 * {@code --detail} ({@link RenderOptions#detail}), else a last line says how to get them.
 */
public final class TextRenderer {
    private TextRenderer() {}

    public static final int WIDTH = 80;

    public static String render(StudyResult study) {
        return render(study, RenderOptions.DEFAULT);
    }

    public static String render(StudyResult study, RenderOptions options) {
        Digest d = Digest.of(study, options);
        StringBuilder out = new StringBuilder();
        // one spacing for every table, so the report reads as one piece
        List<Table> tables = new java.util.ArrayList<>();
        if (d.overview() != null) {
            tables.add(d.overview().table());
        }
        d.sections().forEach(s -> {
            s.blocks().forEach(b -> tables.add(b.table()));
            if (s.figures() != null) {
                tables.add(s.figures());
            }
        });
        int gap = tables.stream().allMatch(t -> t.plainWidth(2) <= WIDTH) ? 2 : 1;
        d.facts().forEach(f -> lines(out, Wrap.words(f, WIDTH, "", "  ")));

        // The mail: the verdicts, read out, and what weakens them, on the reader's first screen.
        if (!d.variants().isEmpty()) {
            out.append("\nvariants\n");
            d.variants().forEach(v -> lines(out, Wrap.words(v.getValue(), WIDTH, "  " + v.getKey() + "  ", "      ")));
        }
        if (d.overview() != null) {
            out.append('\n');
            summary(out, d.overview(), gap);
        }
        if (!d.plainWords().isEmpty()) {
            out.append('\n');
            lines(out, Wrap.words(d.plainWords(), WIDTH, "", ""));
        }
        if (!d.warnings().isEmpty()) {
            out.append("\nwarnings\n");
            d.warnings().forEach(w -> lines(out, Wrap.words("- " + w, WIDTH, "", "  ")));
        }
        // a study with nothing compared has no summary: its figures are the report
        if (!options.detail() && d.overview() != null) {
            out.append('\n');
            lines(
                    out,
                    Wrap.words(
                            "Each workload's tables, the commands and the environment: add --detail, or"
                                    + " overhead report --detail "
                                    + new Glyphs(options.ascii())
                                            .text(study.info().id()),
                            WIDTH,
                            "",
                            ""));
            String text = out.toString();
            return options.ascii() ? Glyphs.toAscii(text) : text;
        }

        for (Digest.Section s : d.sections()) {
            out.append('\n');
            String title = s.workload();
            lines(out, Wrap.words(title, WIDTH, "", ""));
            out.append("=".repeat(Math.min(WIDTH, Glyphs.width(title)))).append('\n');
            if (!s.command().isBlank()) { // blank when each variant is a whole command of its own
                lines(out, Wrap.command("command: " + s.command(), WIDTH, "", "    "));
            }
            lines(out, Wrap.words("runs: " + s.runs(), WIDTH, "", "    "));
            if (s.figures() != null) {
                out.append('\n');
                lines(out, TextLayout.table(s.figures(), WIDTH, gap));
            }
            for (Digest.Block b : s.blocks()) {
                out.append('\n');
                lines(out, Wrap.words(b.candidate() + " vs " + b.baseline(), WIDTH, "", "  "));
                lines(out, TextLayout.table(b.table(), WIDTH, gap));
            }
            if (!s.notes().isEmpty()) {
                out.append('\n');
                s.notes().forEach(n -> lines(out, Wrap.words("* " + n, WIDTH, "", "    ")));
            }
        }

        if (!d.options().isEmpty()) {
            out.append('\n');
            lines(out, Wrap.words(d.options(), WIDTH, "", "  "));
        }
        if (!d.commands().isEmpty()) { // results read from another tool may not say what ran
            out.append("\nvariant specs\n");
            d.variantSpecs().forEach(v -> lines(out, Wrap.command(v, WIDTH, "  ", "      ")));
            out.append("\ncommands\n");
            for (Digest.Command c : d.commands()) {
                lines(out, Wrap.words(c.workload() + ", " + c.variant() + ":", WIDTH, "  ", "    "));
                lines(out, Wrap.command(c.line(), WIDTH, "    ", "      "));
            }
        }
        if (!d.environment().isEmpty()) {
            out.append("\nenvironment\n");
            int key = Math.min(
                    24,
                    d.environment().stream()
                            .mapToInt(e -> Glyphs.width(e.getKey()))
                            .max()
                            .orElse(0));
            for (Map.Entry<String, String> e : d.environment()) {
                String k = "  " + e.getKey() + " ".repeat(Math.max(0, key - Glyphs.width(e.getKey()))) + "  ";
                lines(out, Wrap.words(e.getValue(), WIDTH, k, " ".repeat(Math.min(WIDTH / 2, Glyphs.width(k)))));
            }
        }
        if (!d.legend().isEmpty()) {
            out.append('\n');
            lines(out, Wrap.words(String.join(" ", d.legend()), WIDTH, "", ""));
        }
        String text = out.toString();
        return options.ascii() ? Glyphs.toAscii(text) : text;
    }

    /**
     * The summary table with each candidate's primary rows, then the other metrics decisive after
     * Holm, a wrapped line per workload and candidate with their changes: all of them as table rows
     * took 40 lines in the demo and pushed the plain words and warnings off the first screen. Their
     * intervals are in each workload's table ({@code --detail}); Markdown and HTML keep them in the
     * summary table.
     */
    private static void summary(StringBuilder out, Digest.Overview o, int gap) {
        Table full = o.table();
        List<List<String>> primary = new java.util.ArrayList<>();
        List<String> also = new java.util.ArrayList<>();
        int metric = o.withCandidate() ? 2 : 1;
        int verdict = full.columns().size() - 1;
        String workload = "";
        String candidate = "";
        Map<String, List<String>> byVerdict = new java.util.LinkedHashMap<>();
        for (int i = 0; i < full.rows().size(); i++) {
            List<String> cells = full.rows().get(i);
            if (!o.secondary().get(i)) {
                flush(also, workload, candidate, byVerdict);
                primary.add(cells);
                workload = cells.getFirst().isBlank() ? workload : cells.getFirst();
                candidate = o.withCandidate() && !cells.get(1).isBlank() ? cells.get(1) : candidate;
                continue;
            }
            byVerdict
                    .computeIfAbsent(cells.get(verdict), k -> new java.util.ArrayList<>())
                    .add(cells.get(metric) + " " + cells.get(metric + 1));
        }
        flush(also, workload, candidate, byVerdict);
        String title = o.title().replace(" (and others decisive after Holm)", "");
        lines(out, Wrap.words(title, WIDTH, "", "  "));
        lines(out, TextLayout.table(new Table(full.columns(), primary), WIDTH, gap));
        if (full.rows().stream().anyMatch(r -> r.get(verdict).endsWith("*"))) {
            // the legend that explains it is in the detail: say it where the mark is
            lines(
                    out,
                    Wrap.words(
                            "inconclusive*: decisive at its own confidence, not after Holm's correction over the"
                                    + " summary",
                            WIDTH,
                            "",
                            "  "));
        }
        if (!also.isEmpty()) {
            out.append("other metrics decisive after Holm's correction (their intervals: --detail)\n");
            also.forEach(a -> lines(out, Wrap.words(a, WIDTH, "- ", "  ")));
        }
    }

    /** {@code sort, perturb: worse user ×2.50, sys ×7.62; better …} for the rows gathered since the last primary. */
    private static void flush(
            List<String> also, String workload, String candidate, Map<String, List<String>> byVerdict) {
        if (byVerdict.isEmpty()) {
            return;
        }
        List<String> parts = new java.util.ArrayList<>();
        byVerdict.forEach((verdict, metrics) -> parts.add(verdict + " " + String.join(", ", metrics)));
        also.add((candidate.isEmpty() ? workload : workload + ", " + candidate) + ": " + String.join("; ", parts));
        byVerdict.clear();
    }

    private static void lines(StringBuilder out, List<String> lines) {
        lines.forEach(l -> out.append(l).append('\n'));
    }
}
