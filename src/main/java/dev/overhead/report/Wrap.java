package dev.overhead.report;

import java.util.ArrayList;
import java.util.List;

/** Word wrapping to a fixed width, for prose and for shell command lines (continued with {@code \}). */
final class Wrap {
    private Wrap() {}

    /** {@code text} broken at spaces into lines of at most {@code width} columns; over-long words are cut. */
    static List<String> words(String text, int width, String indent, String hangingIndent) {
        return wrap(text.split(" +"), width, indent, hangingIndent, "");
    }

    /**
     * A command line broken between words into lines ending in {@code " \"}, so it still pastes into a
     * shell; a word longer than a line is cut with a backslash-newline, which the shell also joins
     * (outside single quotes).
     */
    static List<String> command(String line, int width, String indent, String hangingIndent) {
        return wrap(line.split(" "), width, indent, hangingIndent, " \\");
    }

    private static List<String> wrap(String[] words, int width, String indent, String hanging, String cont) {
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder(indent);
        boolean empty = true;
        String prefix = indent;
        for (String word : words) {
            if (word.isEmpty()) {
                continue;
            }
            int needed = Glyphs.width(current.toString()) + (empty ? 0 : 1) + Glyphs.width(word);
            if (!empty && needed + Glyphs.width(cont) > width) {
                lines.add(current + cont);
                current = new StringBuilder(hanging);
                prefix = hanging;
                empty = true;
            }
            String rest = word;
            int room = width - Glyphs.width(prefix) - Math.max(1, Glyphs.width(cont));
            while (empty && Glyphs.width(rest) > room && room > 0) {
                int cut = rest.offsetByCodePoints(0, room);
                lines.add(current + rest.substring(0, cut) + (cont.isEmpty() ? "" : "\\"));
                rest = rest.substring(cut);
                current = new StringBuilder(hanging);
                prefix = hanging;
                room = width - Glyphs.width(prefix) - Math.max(1, Glyphs.width(cont));
            }
            if (!empty) {
                current.append(' ');
            }
            current.append(rest);
            empty = false;
        }
        if (!empty || lines.isEmpty()) {
            lines.add(current.toString().stripTrailing());
        }
        return lines;
    }
}
