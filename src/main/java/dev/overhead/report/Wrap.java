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
     * A command line broken between shell words (never inside a quoted one) into lines ending in
     * {@code " \\"}, so it still pastes into a shell. A word longer than a line is cut with a
     * backslash-newline, which the shell joins; inside single quotes, where a backslash is literal,
     * the quote is closed before the cut and opened again after it ({@code 'ab'\\ + 'cd'} is
     * {@code abcd}).
     */
    static List<String> command(String line, int width, String indent, String hangingIndent) {
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder(indent);
        boolean empty = true;
        String cont = " \\";
        for (String word : shellWords(line)) {
            int needed = Glyphs.width(current.toString()) + (empty ? 0 : 1) + Glyphs.width(word);
            if (!empty && needed + cont.length() > width) {
                lines.add(current + cont);
                current = new StringBuilder(hangingIndent);
                empty = true;
            }
            String rest = word;
            // room for the word, a closing quote and the backslash
            int room = width - Glyphs.width(current.toString()) - (empty ? 0 : 1) - 2;
            while (Glyphs.width(rest) > room && room > 2) {
                int cut = at(rest, rest.offsetByCodePoints(0, room));
                if (cut > 1 && escapes(rest, cut)) {
                    cut--; // a backslash stays with what it escapes
                }
                boolean quoted = insideSingleQuotes(rest, cut);
                if (!empty) {
                    current.append(' ');
                }
                lines.add(current + rest.substring(0, cut) + (quoted ? "'\\" : "\\"));
                rest = (quoted ? "'" : "") + rest.substring(cut);
                // no indent here: spaces after a backslash-newline would split the word in two
                current = new StringBuilder();
                empty = true;
                room = width - 2;
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
                int cut = at(rest, rest.offsetByCodePoints(0, room));
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

    /**
     * Where to cut a word too long for any line: after the last {@code /} (else {@code ,}, {@code =},
     * {@code -}) in its second half, so a path breaks between its parts rather than inside a file
     * name ({@code /var/tmp/overhead-seed-build/} + {@code words.txt}); else at {@code max}.
     */
    static int at(String word, int max) {
        for (char c : new char[] {'/', ',', '=', '-'}) {
            int i = word.lastIndexOf(c, max - 1);
            if (i >= max / 2 && i + 1 < word.length()) {
                return i + 1;
            }
        }
        return max;
    }

    /** The words of a POSIX shell line as written (quotes kept), split at spaces outside quotes. */
    static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == 0 && c == ' ') {
                if (!word.isEmpty()) {
                    words.add(word.toString());
                    word.setLength(0);
                }
                continue;
            }
            word.append(c);
            if (quote != '\'' && c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
            } else if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (quote != 0 && c == quote) {
                quote = 0;
            }
        }
        if (!word.isEmpty()) {
            words.add(word.toString());
        }
        return words;
    }

    private static boolean insideSingleQuotes(String word, int end) {
        char quote = 0;
        for (int i = 0; i < end; i++) {
            char c = word.charAt(i);
            if (quote != '\'' && c == '\\') {
                i++;
            } else if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (quote != 0 && c == quote) {
                quote = 0;
            }
        }
        return quote == '\'';
    }

    /** Whether the character before {@code end} is a backslash escaping the one at {@code end}. */
    private static boolean escapes(String word, int end) {
        char quote = 0;
        for (int i = 0; i < end; i++) {
            char c = word.charAt(i);
            if (quote != '\'' && c == '\\') {
                if (i == end - 1) {
                    return true;
                }
                i++;
            } else if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (quote != 0 && c == quote) {
                quote = 0;
            }
        }
        return false;
    }
}
