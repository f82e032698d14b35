package dev.overhead.exec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Arguments are bytes, not text: a file may be called {@code f\xff}, which is no UTF-8. They travel
 * through overhead as Strings in which every byte that is not part of valid UTF-8 is the lone
 * surrogate U+DC80..U+DCFF (Python's "surrogateescape", PEP 383), and become the same bytes again
 * where they leave for the kernel (the helper's wire, {@code execve}). The JDK has no such codec
 * (its decoders replace a bad byte with U+FFFD, losing it), hence this small one.
 *
 * <p>The JVM decodes its own command line with the locale's charset, losing such bytes before
 * {@code main} runs, so {@link #exactArgs} reads them again from {@code /proc/self/cmdline}.
 */
public final class ArgBytes {
    private static final Path CMDLINE = Path.of("/proc/self/cmdline");

    private ArgBytes() {}

    /** UTF-8, where each byte outside a valid sequence becomes U+DC00 + byte. */
    public static String decode(byte[] b) {
        StringBuilder s = new StringBuilder(b.length);
        int i = 0;
        while (i < b.length) {
            int n = validSequence(b, i);
            if (n == 0) {
                s.append((char) (0xDC00 + (b[i] & 0xff)));
                i++;
            } else {
                s.append(new String(b, i, n, StandardCharsets.UTF_8));
                i += n;
            }
        }
        return s.toString();
    }

    /** The bytes {@link #decode} came from: UTF-8, each U+DC80..U+DCFF back to its byte. */
    public static byte[] encode(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() + 8);
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0xDC80 && c <= 0xDCFF && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)))) {
                out.writeBytes(s.substring(start, i).getBytes(StandardCharsets.UTF_8));
                out.write(c - 0xDC00);
                start = i + 1;
            }
        }
        out.writeBytes(s.substring(start).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /**
     * The program's arguments as the kernel has them, from {@code /proc/self/cmdline}: its last
     * {@code jvmArgs.length} entries, which the launcher passes after the jar. The JVM's own
     * {@code jvmArgs} are kept where the file cannot be read or does not match them (a JVM started
     * otherwise, an embedding): an entry of plain ASCII must be the same in both.
     */
    public static String[] exactArgs(String[] jvmArgs) {
        byte[] raw;
        try {
            raw = Files.readAllBytes(CMDLINE);
        } catch (IOException | UnsupportedOperationException e) {
            return jvmArgs;
        }
        List<byte[]> entries = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == 0) {
                entries.add(java.util.Arrays.copyOfRange(raw, from, i));
                from = i + 1;
            }
        }
        if (entries.size() < jvmArgs.length) {
            return jvmArgs;
        }
        List<byte[]> mine = entries.subList(entries.size() - jvmArgs.length, entries.size());
        String[] exact = new String[jvmArgs.length];
        for (int i = 0; i < jvmArgs.length; i++) {
            exact[i] = decode(mine.get(i));
            if (ascii(mine.get(i)) && !exact[i].equals(jvmArgs[i])) {
                return jvmArgs;
            }
        }
        return exact;
    }

    private static boolean ascii(byte[] b) {
        for (byte x : b) {
            if (x < 0) return false;
        }
        return true;
    }

    /** The length of the valid UTF-8 sequence at b[i] (RFC 3629: no overlong forms, no surrogates), or 0. */
    private static int validSequence(byte[] b, int i) {
        int c = b[i] & 0xff;
        if (c < 0x80) return 1;
        int n;
        int min;
        if (c >= 0xC2 && c <= 0xDF) {
            n = 2;
            min = 0x80;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 3;
            min = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 4;
            min = 0x10000;
        } else {
            return 0;
        }
        if (i + n > b.length) return 0;
        int cp = c & (0xFF >> (n + 1));
        for (int k = 1; k < n; k++) {
            int x = b[i + k] & 0xff;
            if ((x & 0xC0) != 0x80) return 0;
            cp = (cp << 6) | (x & 0x3F);
        }
        boolean surrogate = cp >= 0xD800 && cp <= 0xDFFF;
        return cp < min || cp > 0x10FFFF || surrogate ? 0 : n;
    }
}
