package dev.overhead.interop;

import ch.randelshofer.fastdoubleparser.JavaDoubleParser;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The lines of a sample file and the cells of each, read from its UTF-8 bytes in one pass per line:
 * a cell is a region of the bytes, and a String is made only when the reader asks for one. Lines
 * end at '\n' (a '\r' before it is dropped), as {@code split("\r?\n")} cut them; a cell is stripped
 * of surrounding white space as {@link String#strip} does. Every character that structures the file
 * (comma, quote, line feed, ASCII white space and digits) is one byte in UTF-8 and never part of a
 * longer character's bytes, so cutting the bytes cuts the text.
 *
 * <p>Written by hand rather than with a CSV library: sample files are RFC 4180 without cells that
 * span lines, and the libraries (Commons CSV, Jackson's CSV module) make a String per cell and a
 * record per row, which at 2·10⁶ rows was the largest part of reading (docs/performance.md, "Analysis at scale").
 */
final class CsvRows {
    private final byte[] text;
    private int pos;
    private int lineIndex = -1;
    private int start;
    private int stop;
    private boolean quoted;
    private int commas;
    private int[] commaAt = new int[8];

    /** For each column of the header, the slot it fills (-1: a column no slot reads). */
    private int[] slotOf = new int[0];

    private final byte[][] bytes;
    private final int[] from;
    private final int[] to;
    /** How many cells the current line has. */
    private int count;

    CsvRows(byte[] text, int slots) {
        this.text = text;
        bytes = new byte[slots][];
        from = new int[slots];
        to = new int[slots];
    }

    /** The column that fills {@link #valueSlot}, and the value slot itself. */
    private int valueColumn = -1;

    private int valueSlot = -1;
    // The last line split in full: where it starts and stops and its value cell's bounds (-1: none).
    private int keyStart = -1;
    private int keyStop;
    private int keyValueFrom;
    private int keyValueTo;

    /** Which slot each column fills, by position in the header (-1: none), and which slot is the value. */
    void slots(int[] slotOf, int valueSlot) {
        this.slotOf = slotOf.clone();
        this.valueSlot = valueSlot;
        for (int k = 0; k < slotOf.length; k++) {
            if (slotOf[k] == valueSlot) {
                valueColumn = k;
            }
        }
    }

    /**
     * Moves to the next line when it has the same bytes as the last line split in full everywhere
     * but in its value cell, and reads only that cell ({@link #sameKey}'s case without scanning the
     * bytes before the value one by one); false, having moved nowhere, for any other line.
     */
    boolean nextSameKey() {
        if (keyStart < 0) {
            return false;
        }
        byte[] b = text;
        int n = b.length;
        int a = pos + (keyValueFrom - keyStart);
        if (a > n || !Arrays.equals(b, pos, a, b, keyStart, keyValueFrom)) {
            return false;
        }
        int i = a;
        while (i < n && b[i] > '"' && b[i] != ',') { // a value's bytes: digits, '.', signs, 'e'
            i++;
        }
        boolean last = keyValueTo == keyStop; // the value is the line's last cell
        int z; // the value cell's end
        int end; // the line's: its '\n' or the end of the text
        int lineStop;
        if (last) {
            if (i < n && b[i] != '\n' && b[i] != '\r') {
                return false;
            }
            end = i < n && b[i] == '\r' ? i + 1 : i;
            if (end < n && b[end] != '\n' || (b[i < n ? i : n - 1] == '\r' && end >= n)) {
                return false; // a '\r' not before a '\n', or at the very end: the general path
            }
            z = i;
            lineStop = i;
        } else {
            int j = i + (keyStop - keyValueTo);
            if (i >= n || b[i] != ',' || j > n || !Arrays.equals(b, i, j, b, keyValueTo, keyStop)) {
                return false;
            }
            end = j < n && b[j] == '\r' ? j + 1 : j;
            if (end < n && b[end] != '\n' || (end > j && end >= n) || b[j - 1] == '\r') {
                return false;
            }
            z = i;
            lineStop = j;
        }
        start = pos;
        stop = lineStop;
        pos = end + 1;
        lineIndex++;
        set(valueColumn, b, a, z);
        return true;
    }

    /**
     * Whether the current line has the same bytes as the last line split in full everywhere but in
     * its value cell: then every other cell is that line's, and only the value slot is read anew.
     * Sample files come in long runs of one workload, variant and metric, so most lines are this
     * one comparison of the bytes before and after the value instead of a String per cell.
     */
    boolean sameKey() {
        if (quoted || keyStart < 0 || valueColumn < 0 || commas < valueColumn) {
            return false;
        }
        int a = valueColumn == 0 ? start : commaAt[valueColumn - 1] + 1;
        int z = valueColumn < commas ? commaAt[valueColumn] : stop;
        if (a - start != keyValueFrom - keyStart
                || stop - z != keyStop - keyValueTo
                || !Arrays.equals(text, start, a, text, keyStart, keyValueFrom)
                || !Arrays.equals(text, z, stop, text, keyValueTo, keyStop)) {
            return false;
        }
        count = commas + 1;
        set(valueColumn, text, a, z);
        return true;
    }

    /** Moves to the next line that is not blank; false when there is none. */
    boolean next() {
        byte[] b = text;
        int n = b.length;
        while (pos <= n) {
            int s = pos;
            int c = 0;
            boolean quote = false;
            int i = s;
            for (; i < n; i++) {
                byte x = b[i];
                if (x > ',') { // digits, letters, '.': most bytes, told apart in one comparison
                    continue;
                }
                if (x == '\n') {
                    break;
                } else if (x == ',') {
                    if (c == commaAt.length) {
                        commaAt = Arrays.copyOf(commaAt, 2 * c);
                    }
                    commaAt[c++] = i;
                } else if (x == '"') {
                    quote = true;
                }
            }
            boolean newline = i < n;
            int e = newline && i > s && b[i - 1] == '\r' ? i - 1 : i;
            pos = i + 1;
            lineIndex++;
            if (!blank(b, s, e)) {
                start = s;
                stop = e;
                commas = c;
                quoted = quote;
                return true;
            }
        }
        return false;
    }

    /** The current line's number, from 1. */
    int line() {
        return lineIndex + 1;
    }

    /** The current line as text. */
    String lineText() {
        return new String(text, start, stop - start, StandardCharsets.UTF_8);
    }

    /** The current line's cells, into their slots; then {@link #count} and the slot readers apply. */
    void split(String source) {
        Arrays.fill(bytes, null);
        Arrays.fill(from, 0);
        Arrays.fill(to, 0);
        keyStart = -1;
        if (!quoted) { // no quoting: cut at the commas
            for (int k = 0; k <= commas; k++) {
                set(k, text, k == 0 ? start : commaAt[k - 1] + 1, k < commas ? commaAt[k] : stop);
            }
            count = commas + 1;
            if (valueColumn >= 0 && valueColumn <= commas) {
                keyStart = start;
                keyStop = stop;
                keyValueFrom = valueColumn == 0 ? start : commaAt[valueColumn - 1] + 1;
                keyValueTo = valueColumn < commas ? commaAt[valueColumn] : stop;
            }
        } else {
            List<String> cells = SampleCsv.split(lineText(), source, line());
            for (int k = 0; k < cells.size(); k++) {
                byte[] cell = cells.get(k).getBytes(StandardCharsets.UTF_8);
                set(k, cell, 0, cell.length);
            }
            count = cells.size();
        }
    }

    int count() {
        return count;
    }

    private void set(int k, byte[] b, int a, int z) {
        int slot = k < slotOf.length ? slotOf[k] : -1;
        if (slot < 0) {
            return;
        }
        while (a < z && asciiSpace(b[a])) {
            a++;
        }
        while (z > a && asciiSpace(b[z - 1])) {
            z--;
        }
        if (a < z && (b[a] < 0 || b[z - 1] < 0)) { // may start or end with a white space beyond ASCII
            String s = new String(b, a, z - a, StandardCharsets.UTF_8);
            String stripped = s.strip();
            if (stripped.length() != s.length()) {
                b = stripped.getBytes(StandardCharsets.UTF_8);
                a = 0;
                z = b.length;
            }
        }
        bytes[slot] = b;
        from[slot] = a;
        to[slot] = z;
    }

    boolean isEmpty(int slot) {
        return from[slot] == to[slot];
    }

    /** Whether the slot's cell is these bytes (an absent cell is empty). */
    boolean matches(int slot, byte[] other) {
        if (other == null) {
            return false;
        }
        if (bytes[slot] == null) {
            return other.length == 0;
        }
        return Arrays.equals(bytes[slot], from[slot], to[slot], other, 0, other.length);
    }

    /** The slot's cell as text ("" when the line has no such cell). */
    String string(int slot) {
        return bytes[slot] == null
                ? ""
                : new String(bytes[slot], from[slot], to[slot] - from[slot], StandardCharsets.UTF_8);
    }

    /** The slot's value when it is a plain decimal (SampleCsv.plainNumber), else NaN. */
    double number(int slot) {
        byte[] b = bytes[slot];
        if (b == null || !plainNumber(b, from[slot], to[slot])) {
            return Double.NaN;
        }
        try { // FastDoubleParser reads the bytes in place, correctly rounded as Double.parseDouble is
            return JavaDoubleParser.parseDouble(b, from[slot], to[slot] - from[slot]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** {@code [+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?} over b[from, to), checked by hand (a regular expression per value cost more than parsing it). */
    static boolean plainNumber(byte[] s, int from, int to) {
        int i = from;
        if (i < to && (s[i] == '+' || s[i] == '-')) {
            i++;
        }
        int intDigits = digits(s, i, to);
        i += intDigits;
        int fracDigits = 0;
        if (i < to && s[i] == '.') {
            i++;
            fracDigits = digits(s, i, to);
            i += fracDigits;
        }
        if (intDigits == 0 && fracDigits == 0) {
            return false;
        }
        if (i < to && (s[i] == 'e' || s[i] == 'E')) {
            i++;
            if (i < to && (s[i] == '+' || s[i] == '-')) {
                i++;
            }
            int exp = digits(s, i, to);
            if (exp == 0) {
                return false;
            }
            i += exp;
        }
        return i == to;
    }

    private static int digits(byte[] s, int from, int to) {
        int i = from;
        while (i < to && s[i] >= '0' && s[i] <= '9') {
            i++;
        }
        return i - from;
    }

    /** The characters below 128 that {@link Character#isWhitespace} accepts. */
    private static boolean asciiSpace(byte c) {
        return c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
    }

    /** As {@code new String(b, from, to - from, UTF_8).isBlank()}, without the String where the bytes are ASCII. */
    private static boolean blank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] < 0) {
                return new String(b, from, to - from, StandardCharsets.UTF_8).isBlank();
            }
            if (!asciiSpace(b[i])) {
                return false;
            }
        }
        return true;
    }
}
