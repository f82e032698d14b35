package dev.overhead.report;

import java.util.Map;

/**
 * The few non-ASCII characters the human formats use, and their 7-bit stand-ins. User text is
 * transliterated cell by cell, before tables are laid out, so that {@code --ascii} keeps columns
 * aligned.
 */
record Glyphs(boolean ascii) {
    private static final Map<Integer, String> ASCII = Map.ofEntries(
            Map.entry((int) '±', "+-"),
            Map.entry((int) '−', "-"),
            Map.entry((int) '—', "--"),
            Map.entry((int) '–', "-"),
            Map.entry((int) 'µ', "u"),
            Map.entry((int) 'μ', "u"),
            Map.entry((int) '…', "..."),
            Map.entry((int) '×', "x"),
            Map.entry((int) '≈', "~"),
            Map.entry((int) '→', "->"),
            Map.entry((int) '\u00a0', " "),
            Map.entry((int) '\u202f', " "),
            Map.entry((int) '’', "'"),
            Map.entry((int) '‘', "'"),
            Map.entry((int) '“', "\""),
            Map.entry((int) '”', "\""),
            Map.entry((int) 'ä', "ae"),
            Map.entry((int) 'ö', "oe"),
            Map.entry((int) 'ü', "ue"),
            Map.entry((int) 'ß', "ss"),
            Map.entry((int) '·', "."),
            Map.entry((int) '²', "2"));

    String pm() {
        return ascii ? "+-" : "±";
    }

    String minus() {
        return ascii ? "-" : "−";
    }

    String dash() {
        return ascii ? "--" : "—";
    }

    String times() {
        return ascii ? "x" : "×";
    }

    String micro() {
        return ascii ? "u" : "µ";
    }

    String ellipsis() {
        return ascii ? "~" : "…";
    }

    /** User text as this output may carry it: unchanged, or transliterated to 7 bits. */
    String text(String s) {
        return ascii ? toAscii(s) : s;
    }

    static String toAscii(String s) {
        StringBuilder out = new StringBuilder(s.length());
        s.codePoints().forEach(c -> {
            if (c < 128) {
                out.append((char) c);
            } else {
                out.append(ASCII.getOrDefault(c, "?"));
            }
        });
        return out.toString();
    }

    /** Display width, counting code points (no East Asian wide characters in what we write). */
    static int width(String s) {
        return s.codePointCount(0, s.length());
    }

    /** {@code s} cut to {@code width} columns, marking the cut. */
    String truncate(String s, int width) {
        if (width(s) <= width) {
            return s;
        }
        String mark = ascii ? "~" : "…";
        int keep = Math.max(0, width - 1);
        return s.substring(0, s.offsetByCodePoints(0, keep)) + mark;
    }
}
