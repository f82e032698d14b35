package dev.overhead.report;

import dev.overhead.report.Table.Column;
import java.util.List;

/** The text report's content as GitHub-flavoured Markdown, for a pull request or an issue. */
public final class MarkdownRenderer {
    private MarkdownRenderer() {}

    public static String render(dev.overhead.model.StudyResult study) {
        return render(study, RenderOptions.DEFAULT);
    }

    public static String render(dev.overhead.model.StudyResult study, RenderOptions options) {
        Digest d = Digest.of(study, options);
        StringBuilder out = new StringBuilder("# overhead report\n\n");
        d.facts().forEach(f -> out.append(escape(f)).append("  \n"));
        if (!d.options().isEmpty()) {
            out.append(escape(d.options())).append("  \n");
        }

        if (!d.variants().isEmpty()) {
            out.append("\nvariants:\n\n");
            d.variants()
                    .forEach(v -> out.append("- ")
                            .append(v.getKey())
                            .append(": ")
                            .append(escape(v.getValue()))
                            .append('\n'));
        }
        if (d.overview() != null) {
            out.append("\n## Summary\n\n").append(escape(d.overview().title())).append("\n\n");
            out.append(escaped(d.overview().table()).render(new Table.GitHub())).append('\n');
            if (!d.plainWords().isEmpty()) {
                out.append(escape(d.plainWords())).append("\n\n");
            }
        } else {
            out.append('\n');
        }

        if (!d.warnings().isEmpty()) {
            out.append("## Warnings\n\n");
            d.warnings().forEach(w -> out.append("- ").append(escape(w)).append('\n'));
            out.append('\n');
        }

        for (Digest.Section s : d.sections()) {
            out.append("## ").append(escape(s.workload())).append("\n\n");
            if (!s.command().isBlank()) {
                out.append(code(s.command())).append("  \n");
            }
            out.append("runs: ").append(escape(s.runs())).append("\n\n");
            if (s.figures() != null) {
                out.append(escaped(s.figures()).render(new Table.GitHub())).append('\n');
            }
            for (Digest.Block b : s.blocks()) {
                out.append("### ")
                        .append(escape(b.candidate()))
                        .append(" vs ")
                        .append(escape(b.baseline()))
                        .append("\n\n");
                out.append(escaped(b.table()).render(new Table.GitHub())).append('\n');
            }
            s.notes().forEach(n -> out.append("- ").append(escape(n)).append('\n'));
            if (!s.notes().isEmpty()) {
                out.append('\n');
            }
        }

        if (!d.commands().isEmpty()) {
            out.append("## Variants\n\n");
            d.variantSpecs().forEach(v -> out.append("- ").append(code(v)).append('\n'));
            out.append("\n## Commands\n\n");
            for (Digest.Command c : d.commands()) {
                out.append(escape(c.workload() + ", " + c.variant()))
                        .append(":\n\n")
                        .append(fence(c.line()));
            }
        }
        if (!d.environment().isEmpty()) {
            out.append("## Environment\n\n");
            Table env = new Table(
                    List.of(new Column("key", Table.Align.LEFT), new Column("value", Table.Align.LEFT)),
                    d.environment().stream()
                            .map(e -> List.of(e.getKey(), e.getValue()))
                            .toList());
            out.append(escaped(env).render(new Table.GitHub())).append('\n');
        }
        out.append(escape(String.join(" ", d.legend()))).append('\n');
        String md = out.toString();
        return options.ascii() ? Glyphs.toAscii(md) : md;
    }

    private static Table escaped(Table t) {
        return new Table(
                t.columns().stream()
                        .map(c -> new Column(escape(c.header()), c.align()))
                        .toList(),
                t.rows().stream()
                        .map(r -> r.stream().map(MarkdownRenderer::escape).toList())
                        .toList());
    }

    /**
     * Text that Markdown (and the HTML GitHub allows inside it) shows as typed, escaping only what
     * would otherwise change meaning, so the source still reads as plain text: an interval
     * {@code [+1.2, +3.4]} is not a link (no brackets are escaped unless a link could follow), and an
     * underscore inside a word ({@code max_rss}) is not emphasis in GitHub's Markdown.
     */
    static String escape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            char next = i + 1 < s.length() ? s.charAt(i + 1) : ' ';
            char prev = i > 0 ? s.charAt(i - 1) : ' ';
            switch (c) {
                case '\\', '`', '*', '<', '>', '|', '#', '~', '&' ->
                    out.append('\\').append(c);
                case '_' ->
                    out.append(Character.isLetterOrDigit(prev) && Character.isLetterOrDigit(next) ? "_" : "\\_");
                case ']' -> out.append(next == '(' || next == '[' || next == ':' ? "\\]" : "]");
                case '!' -> out.append(next == '[' ? "\\!" : "!");
                case '\n', '\r' -> out.append(' ');
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** An inline code span long enough in backticks to hold any backticks inside. */
    static String code(String s) {
        String ticks = "`".repeat(longestRun(s, '`') + 1);
        String pad = s.startsWith("`") || s.endsWith("`") ? " " : "";
        return ticks + pad + s.replace('\n', ' ') + pad + ticks;
    }

    private static String fence(String s) {
        String ticks = "`".repeat(Math.max(3, longestRun(s, '`') + 1));
        return ticks + "sh\n" + s + "\n" + ticks + "\n\n";
    }

    private static int longestRun(String s, char c) {
        int best = 0;
        int run = 0;
        for (char x : s.toCharArray()) {
            run = x == c ? run + 1 : 0;
            best = Math.max(best, run);
        }
        return best;
    }
}
