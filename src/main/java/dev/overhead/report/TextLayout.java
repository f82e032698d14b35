package dev.overhead.report;

import dev.overhead.report.Table.Align;
import java.util.ArrayList;
import java.util.List;

/**
 * A table laid out in at most a given number of columns without cutting a single cell: with two
 * spaces between columns, else one; else one name column's longer cells (a long metric or workload
 * name) on a line of their own above their row; else each row as a wrapped line of its own. The
 * width is counted in characters, not bytes.
 */
final class TextLayout {
    private TextLayout() {}

    static List<String> table(Table t, int width) {
        return table(t, width, 2);
    }

    /** The table with at most {@code maxGap} spaces between columns (one spacing for a whole report). */
    static List<String> table(Table t, int width, int maxGap) {
        for (int gap = maxGap; gap >= 1; gap--) {
            if (t.plainWidth(gap) <= width) {
                return t.render(new Table.Plain(gap)).lines().toList();
            }
        }
        List<Integer> widths = new ArrayList<>(t.widths());
        int total = widths.stream().mapToInt(Integer::intValue).sum() + widths.size() - 1;
        for (int c : overflowOrder(t, widths)) {
            int room = width - (total - widths.get(c));
            if (room >= Math.max(4, Glyphs.width(t.columns().get(c).header()))) {
                int column = c;
                int fitting = t.rows().stream()
                        .mapToInt(r -> Glyphs.width(r.get(column)))
                        .filter(w -> w <= room)
                        .max()
                        .orElse(0);
                widths.set(c, Math.max(fitting, Glyphs.width(t.columns().get(c).header())));
                return overflowing(t, widths, c, width);
            }
        }
        return prose(t, width);
    }

    /** Left-aligned (name) columns, the first column first, then the widest. */
    private static List<Integer> overflowOrder(Table t, List<Integer> widths) {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < widths.size(); c++) {
            if (t.columns().get(c).align() == Align.LEFT) {
                out.add(c);
            }
        }
        out.sort((a, b) -> a == 0 ? -1 : b == 0 ? 1 : Integer.compare(widths.get(b), widths.get(a)));
        return out;
    }

    private static List<String> overflowing(Table t, List<Integer> widths, int column, int width) {
        List<Align> aligns = t.columns().stream().map(Table.Column::align).toList();
        List<String> out = new ArrayList<>();
        out.add(row(t.columns().stream().map(Table.Column::header).toList(), widths, aligns));
        out.add(String.join(" ", widths.stream().map("-"::repeat).toList()));
        for (List<String> cells : t.rows()) {
            List<String> row = cells;
            if (Glyphs.width(cells.get(column)) > widths.get(column)) {
                out.addAll(Wrap.words(cells.get(column), width, "", "  "));
                row = new ArrayList<>(cells);
                row.set(column, "");
            }
            out.add(row(row, widths, aligns));
        }
        return out;
    }

    private static String row(List<String> cells, List<Integer> widths, List<Align> aligns) {
        List<String> padded = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            String fill = " ".repeat(Math.max(0, widths.get(i) - Glyphs.width(cell)));
            padded.add(aligns.get(i) == Align.RIGHT ? fill + cell : cell + fill);
        }
        return String.join(" ", padded).stripTrailing();
    }

    /** Each row as {@code first: header cell; header cell; ...}, wrapped: it always fits. */
    private static List<String> prose(Table t, int width) {
        List<String> out = new ArrayList<>();
        for (List<String> cells : t.rows()) {
            List<String> parts = new ArrayList<>();
            for (int i = 1; i < cells.size(); i++) {
                if (!cells.get(i).isBlank()) {
                    parts.add(t.columns().get(i).header() + " " + cells.get(i));
                }
            }
            String head = cells.getFirst().isBlank() ? "" : cells.getFirst() + ": ";
            out.addAll(Wrap.words(head + String.join("; ", parts), width, "", "    "));
        }
        return out;
    }
}
