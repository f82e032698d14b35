package dev.overhead.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words by the POSIX shell's quoting rules (XCU §2.2), and nothing more:
 * no variable, tilde, glob or command expansion, no comments, no operators. This is what lets
 * {@code overhead run 'sort -o /dev/null "my file"'} run {@code sort} directly, without a shell
 * whose own start-up would be measured.
 */
public final class ShellWords {
    private ShellWords() {}

    /**
     * The words of {@code line}. Outside quotes a backslash keeps the next character (and removes a
     * newline); single quotes keep everything up to the next single quote; inside double quotes a
     * backslash only escapes {@code $ ` " \} and newline. {@code ''} and {@code ""} are empty words.
     *
     * @throws SpecException on an unterminated quote or a trailing backslash
     */
    public static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false; // a word has begun, even if it is empty so far ('' is a word)
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            switch (c) {
                case ' ', '\t', '\n' -> {
                    if (inWord) {
                        words.add(word.toString());
                        word.setLength(0);
                        inWord = false;
                    }
                    i++;
                }
                case '\\' -> {
                    if (i + 1 >= n) {
                        throw new SpecException("the command '" + line + "' ends with a lone backslash: remove it or"
                                + " write \\\\ for a backslash.");
                    }
                    char next = line.charAt(i + 1);
                    if (next != '\n') { // backslash-newline joins lines
                        word.append(next);
                        inWord = true;
                    }
                    i += 2;
                }
                case '\'' -> {
                    int end = line.indexOf('\'', i + 1);
                    if (end < 0) {
                        throw unterminated("single", line);
                    }
                    word.append(line, i + 1, end);
                    inWord = true;
                    i = end + 1;
                }
                case '"' -> {
                    i = doubleQuoted(line, i + 1, word);
                    inWord = true;
                }
                default -> {
                    word.append(c);
                    inWord = true;
                    i++;
                }
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return List.copyOf(words);
    }

    /** Reads a double-quoted part starting after its opening quote; returns the index after the closing one. */
    private static int doubleQuoted(String line, int start, StringBuilder word) {
        int i = start;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\' && i + 1 < line.length() && "$`\"\\\n".indexOf(line.charAt(i + 1)) >= 0) {
                char next = line.charAt(i + 1);
                if (next != '\n') {
                    word.append(next);
                }
                i += 2;
            } else {
                word.append(c);
                i++;
            }
        }
        throw unterminated("double", line);
    }

    private static SpecException unterminated(String kind, String line) {
        return new SpecException("the command '" + line + "' has an unterminated " + kind
                + " quote: close it, or escape the quote with a backslash.");
    }

    /** Quotes words so that {@link #split} gives them back; for showing commands to the user. */
    public static String join(List<String> words) {
        StringBuilder out = new StringBuilder();
        for (String w : words) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(quote(w));
        }
        return out.toString();
    }

    public static String quote(String word) {
        if (!word.isEmpty()
                && word.chars().allMatch(ch -> Character.isLetterOrDigit(ch) || "-_./=:,+@%^".indexOf(ch) >= 0)) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
