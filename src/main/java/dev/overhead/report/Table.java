package dev.overhead.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of cells already formatted, and the one algorithm that lays it out for every markup
 * (docs/architecture.md, "Conventions"; after hyperfine's {@code export/markup.rs}): column widths, padding, header,
 * divider, rows. A {@link Markup} only says what a row and a divider look like.
 */
record Table(List<Column> columns, List<List<String>> rows) {

    enum Align {
        LEFT,
        RIGHT
    }

    record Column(String header, Align align) {}

    Table {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("row has " + row.size() + " cells, table " + columns.size());
            }
        }
    }

    /** This table with {@code more}'s columns (the same rows) inserted before its last column. */
    Table withBeforeLast(Table more) {
        int last = columns.size() - 1;
        List<Column> cols = new ArrayList<>(columns.subList(0, last));
        cols.addAll(more.columns());
        cols.add(columns.get(last));
        List<List<String>> cells = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = new ArrayList<>(rows.get(r).subList(0, last));
            row.addAll(more.rows().get(r));
            row.add(rows.get(r).get(last));
            cells.add(row);
        }
        return new Table(cols, cells);
    }

    /** What distinguishes one markup from another: the look of a row and of the divider. */
    sealed interface Markup permits Plain, GitHub {
        String row(List<String> paddedCells);

        String divider(List<Integer> widths, List<Align> aligns);
    }

    /** Fixed-width text: columns separated by {@code gap} spaces, a divider of dashes. */
    record Plain(int gap) implements Markup {
        @Override
        public String row(List<String> cells) {
            return String.join(" ".repeat(gap), cells).stripTrailing();
        }

        @Override
        public String divider(List<Integer> widths, List<Align> aligns) {
            return String.join(" ".repeat(gap), widths.stream().map("-"::repeat).toList());
        }
    }

    /** A GitHub-flavoured Markdown table; cells must already be escaped. */
    record GitHub() implements Markup {
        @Override
        public String row(List<String> cells) {
            return "| " + String.join(" | ", cells) + " |";
        }

        @Override
        public String divider(List<Integer> widths, List<Align> aligns) {
            StringBuilder out = new StringBuilder("|");
            for (int i = 0; i < widths.size(); i++) {
                String dashes = "-".repeat(widths.get(i) + 1);
                out.append(aligns.get(i) == Align.RIGHT ? dashes + ":" : ":" + dashes)
                        .append('|');
            }
            return out.toString();
        }
    }

    List<Integer> widths() {
        List<Integer> widths = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            int w = Math.max(3, Glyphs.width(columns.get(c).header()));
            for (List<String> row : rows) {
                w = Math.max(w, Glyphs.width(row.get(c)));
            }
            widths.add(w);
        }
        return widths;
    }

    /** Total width in the plain markup with the given gap. */
    int plainWidth(int gap) {
        return widths().stream().mapToInt(Integer::intValue).sum() + gap * (columns.size() - 1);
    }

    /** Header, divider and rows, one per line, each ending in a newline. */
    String render(Markup markup) {
        List<Integer> widths = widths();
        List<Align> aligns = columns.stream().map(Column::align).toList();
        StringBuilder out = new StringBuilder();
        out.append(markup.row(pad(columns.stream().map(Column::header).toList(), widths, aligns)))
                .append('\n');
        out.append(markup.divider(widths, aligns)).append('\n');
        for (List<String> row : rows) {
            out.append(markup.row(pad(row, widths, aligns))).append('\n');
        }
        return out.toString();
    }

    private static List<String> pad(List<String> cells, List<Integer> widths, List<Align> aligns) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            String fill = " ".repeat(widths.get(i) - Glyphs.width(cell));
            out.add(aligns.get(i) == Align.RIGHT ? fill + cell : cell + fill);
        }
        return out;
    }
}
