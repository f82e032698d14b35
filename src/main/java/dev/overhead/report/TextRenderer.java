package dev.overhead.report;

import dev.overhead.model.StudyResult;
import java.util.List;
import java.util.Map;

/**
 * The default report: plain text at most {@value #WIDTH} columns wide, to paste into a mail to a
 * kernel list. Tables that would be wider lose spacing first, then the ends of long metric names.
 */
public final class TextRenderer {
    private TextRenderer() {}

    public static final int WIDTH = 80;

    public static String render(StudyResult study) {
        return render(study, RenderOptions.DEFAULT);
    }

    public static String render(StudyResult study, RenderOptions options) {
        Digest d = Digest.of(study, options);
        Glyphs g = new Glyphs(options.ascii());
        StringBuilder out = new StringBuilder();
        d.facts().forEach(f -> lines(out, Wrap.words(f, WIDTH, "", "  ")));

        for (Digest.Headline h : d.headlines()) {
            out.append('\n');
            lines(out, Wrap.words(h.candidate() + " vs " + h.baseline(), WIDTH, "", "  "));
            for (Digest.HeadlineItem item : h.items()) {
                String figures = String.join(
                        "; ", item.figures().stream().map(Digest.Figure::text).toList());
                lines(out, Wrap.words(item.workload() + ": " + figures, WIDTH, "  ", "      "));
            }
        }

        // One spacing for every table, so the report reads as one piece.
        int gap = d.sections().stream()
                        .flatMap(s -> s.blocks().stream())
                        .allMatch(b -> b.table().plainWidth(2) <= WIDTH)
                ? 2
                : 1;
        for (Digest.Section s : d.sections()) {
            out.append('\n');
            String title = s.workload();
            lines(out, Wrap.words(title, WIDTH, "", ""));
            out.append("=".repeat(Math.min(WIDTH, Glyphs.width(title)))).append('\n');
            if (!s.command().isBlank()) { // blank when each variant is a whole command of its own
                lines(out, Wrap.command("command: " + s.command(), WIDTH, "", "    "));
            }
            lines(out, Wrap.words("runs: " + s.runs(), WIDTH, "", "    "));
            for (Digest.Block b : s.blocks()) {
                out.append('\n');
                lines(out, Wrap.words(b.candidate() + " vs " + b.baseline(), WIDTH, "", "  "));
                out.append(fit(b.table(), g).render(new Table.Plain(gap)));
                b.notes().forEach(n -> lines(out, Wrap.words("* " + n, WIDTH, "", "    ")));
            }
        }

        if (!d.commands().isEmpty()) { // results read from another tool may not say what ran
            out.append("\nvariants\n");
            d.variantSpecs().forEach(v -> lines(out, Wrap.command(v, WIDTH, "  ", "      ")));
            out.append("\ncommands\n");
            for (Digest.Command c : d.commands()) {
                lines(out, Wrap.words(c.workload() + ", " + c.variant() + ":", WIDTH, "  ", "    "));
                lines(out, Wrap.command(c.line(), WIDTH, "    ", "      "));
            }
        }
        if (!d.environment().isEmpty()) {
            out.append("\nenvironment\n");
            int key = d.environment().stream()
                    .mapToInt(e -> Glyphs.width(e.getKey()))
                    .max()
                    .orElse(0);
            for (Map.Entry<String, String> e : d.environment()) {
                String k = "  " + e.getKey() + " ".repeat(key - Glyphs.width(e.getKey())) + "  ";
                lines(out, Wrap.words(e.getValue(), WIDTH, k, " ".repeat(Glyphs.width(k))));
            }
        }
        if (!d.warnings().isEmpty()) {
            out.append("\nwarnings\n");
            d.warnings().forEach(w -> lines(out, Wrap.words("- " + w, WIDTH, "  ", "    ")));
        }
        out.append('\n');
        lines(out, Wrap.words(d.legend(), WIDTH, "", ""));
        String text = out.toString();
        return options.ascii() ? Glyphs.toAscii(text) : text;
    }

    /** The table made to fit: shorter metric names and variant headers, as far as that is needed. */
    static Table fit(Table table, Glyphs glyphs) {
        Table t = table;
        int[] shrinkable = {0, 2, 3};
        for (int column : shrinkable) {
            int excess = t.plainWidth(1) - WIDTH;
            if (excess <= 0) {
                break;
            }
            int width = t.widths().get(column);
            int dataWidth = column == 0
                    ? 4
                    : t.rows().stream()
                            .mapToInt(r -> Glyphs.width(r.get(column)))
                            .max()
                            .orElse(4);
            t = t.truncate(column, Math.max(dataWidth, width - excess), glyphs);
        }
        return t;
    }

    private static void lines(StringBuilder out, List<String> lines) {
        lines.forEach(l -> out.append(l).append('\n'));
    }
}
