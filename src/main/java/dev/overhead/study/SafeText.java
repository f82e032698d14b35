package dev.overhead.study;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * Control characters are neutralised where text leaves the program (docs/reliability.md, case 19): a label such as
 * {@code $'\e]0;PWNED\a\e[2J'} would otherwise retitle and clear the terminal of whoever reads a
 * report, a list or an error. Each is written as a JSON-style escape (backslash, u, four hex digits), which a reader can see and which,
 * inside a JSON string, is the same character again; the store and the JSON export keep the exact bytes.
 */
public final class SafeText {
    private SafeText() {}

    /** C0 controls but tab and newline, DEL, and the C1 controls (U+0080 to U+009F, e.g. CSI). */
    public static boolean unsafe(char c) {
        return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
    }

    public static String clean(String s) {
        int i = 0;
        while (i < s.length() && !unsafe(s.charAt(i))) {
            i++;
        }
        if (i == s.length()) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length() + 16).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (unsafe(c)) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** A writer for a terminal or a text file: everything through it is cleaned. */
    public static PrintWriter wrap(PrintWriter raw) {
        return raw instanceof Cleaning ? raw : new Cleaning(raw);
    }

    /** Writes our own terminal controls (the progress line's) past the cleaning. */
    public static void printRaw(PrintWriter w, String controls) {
        if (w instanceof Cleaning c) {
            c.flush();
            c.raw.print(controls);
        } else {
            w.print(controls);
        }
    }

    private static final class Cleaning extends PrintWriter {
        final PrintWriter raw;

        Cleaning(PrintWriter raw) {
            super(
                    new Writer() {
                        @Override
                        public void write(char[] buf, int off, int len) {
                            raw.write(clean(new String(buf, off, len)));
                        }

                        @Override
                        public void flush() {
                            raw.flush();
                        }

                        @Override
                        public void close() {
                            raw.close();
                        }
                    },
                    true); // println flushes, as the writers it wraps did: a note mid-study shows at once
            this.raw = raw;
        }

        @Override
        public boolean checkError() {
            return super.checkError() || raw.checkError();
        }
    }
}
