package dev.overhead.exec;

import java.nio.charset.StandardCharsets;

/** The last {@code capacity} bytes of a stream: output of any size costs at most that much memory. */
final class TailBuffer {
    private final byte[] buf;
    private int head; // where the next byte goes
    private int len;

    TailBuffer(int capacity) {
        buf = new byte[Math.max(0, capacity)];
    }

    void add(byte[] src, int off, int n) {
        int cap = buf.length;
        if (cap == 0 || n <= 0) return;
        if (n >= cap) {
            System.arraycopy(src, off + n - cap, buf, 0, cap);
            head = 0;
            len = cap;
            return;
        }
        int first = Math.min(cap - head, n);
        System.arraycopy(src, off, buf, head, first);
        System.arraycopy(src, off + first, buf, 0, n - first);
        head = (head + n) % cap;
        len = Math.min(cap, len + n);
    }

    @Override
    public String toString() {
        byte[] out = new byte[len];
        if (len > 0) {
            int start = Math.floorMod(head - len, buf.length);
            int first = Math.min(buf.length - start, len);
            System.arraycopy(buf, start, out, 0, first);
            System.arraycopy(buf, 0, out, first, len - first);
        }
        return new String(out, StandardCharsets.UTF_8);
    }
}
