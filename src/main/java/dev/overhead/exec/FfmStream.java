package dev.overhead.exec;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;

/** A pipe from the FFM executor's child, its tail, and where its bytes also go (null: nowhere). */
record FfmStream(int fd, TailBuffer tail, OutputStream tee) {

    static FfmStream readIfReady(FfmStream s, MemorySegment fds, int n, MemorySegment buf, MemorySegment err)
            throws Throwable {
        if (s.fd() < 0) return s;
        for (int i = 0; i < n; i++) {
            if (fds.get(JAVA_INT, 8L * i) == s.fd() && fds.get(JAVA_SHORT, 8L * i + 6) != 0) {
                return readOnce(s, buf, err) ? s : closed(s);
            }
        }
        return s;
    }

    static FfmStream drainNow(FfmStream s, MemorySegment fds, MemorySegment buf, MemorySegment err) throws Throwable {
        while (s.fd() >= 0) {
            fds.set(JAVA_INT, 0, s.fd());
            fds.set(JAVA_SHORT, 4, Libc.POLLIN);
            fds.set(JAVA_SHORT, 6, (short) 0);
            int ready = (int) Libc.POLL.invokeExact(err, fds, 1L, 0);
            if (ready <= 0) return s;
            if (!readOnce(s, buf, err)) return closed(s);
        }
        return s;
    }

    /** One read of what poll said is there; false at end of stream. */
    private static boolean readOnce(FfmStream s, MemorySegment buf, MemorySegment err) throws Throwable {
        long got = (long) Libc.READ.invokeExact(err, s.fd(), buf, buf.byteSize());
        if (got < 0) return Libc.errno(err) == Libc.EINTR || Libc.errno(err) == Libc.EAGAIN;
        if (got == 0) return false;
        byte[] bytes = buf.asSlice(0, got).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        s.tail().add(bytes, 0, bytes.length);
        if (s.tee() != null) {
            try {
                s.tee().write(bytes);
            } catch (IOException ignored) {
                // a closed terminal must not stop the measurement
            }
        }
        return true;
    }

    static FfmStream closed(FfmStream s) {
        FfmExecutor.close(s.fd());
        return new FfmStream(-1, s.tail(), s.tee());
    }
}
