package dev.overhead.report;

import dev.overhead.model.StudyResult;
import java.util.List;
import java.util.Map;

/**
 * The default report: plain text at most {@value #WIDTH} characters wide, to paste into a mail to a
 * kernel list. Nothing is ever cut to fit: long variant names become letters with a legend, long
 * metric or workload names move to a line of their own, and everything else wraps.
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

        if (!d.variants().isEmpty()) {
            out.append("\nvariants\n");
            d.variants().forEach(v -> lines(out, Wrap.words(v.getValue(), WIDTH, "  " + v.getKey() + "  ", "      ")));
        }
        if (d.overview() != null) {
            out.append('\n');
            lines(out, Wrap.words(d.overview().title(), WIDTH, "", "  "));
            lines(out, TextLayout.table(d.overview().table(), WIDTH, gap));
        }
        // what weakens every figure below (a busy machine, machines that differ) comes before them
        if (!d.warnings().isEmpty()) {
            out.append("\nwarnings\n");
            d.warnings().forEach(w -> lines(out, Wrap.words("- " + w, WIDTH, "  ", "    ")));
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

    private static void lines(StringBuilder out, List<String> lines) {
        lines.forEach(l -> out.append(l).append('\n'));
    }
}
