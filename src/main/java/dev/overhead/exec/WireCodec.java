package dev.overhead.exec;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The wire protocol between the JVM and the forking helper (docs/architecture.md, "The wire protocol"): a
 * request as the helper's {@code read_request} (src/main/c/overhead-wire.c) reads it, and its reply as the helper
 * writes it, field by field, in network byte order. No process and no socket here: {@link NativeExecutor} owns the
 * helper, and {@code WireCodecTest} checks both directions on bytes alone.
 */
final class WireCodec {
    private WireCodec() {}

    /** What the helper answered to a request. */
    sealed interface Reply permits Measured, NotStarted {}

    /** The command ran: its figures. */
    record Measured(ExecResult result) implements Reply {}

    /** The helper could not start the command: at which step ({@code stage}), with which errno, and why. */
    record NotStarted(String stage, int errno, String reason) implements Reply {}

    static byte[] encode(ExecRequest r) {
        var bytes = new ByteArrayOutputStream(256);
        try (var out = new DataOutputStream(bytes)) {
            out.writeByte('R');
            out.writeLong(r.timeout() == null ? 0 : Math.max(1, r.timeout().toNanos()));
            switch (r.output()) {
                case OutputPolicy.Discard d -> {
                    out.writeByte(0);
                    str(out, "");
                }
                case OutputPolicy.Inherit i -> {
                    out.writeByte(1);
                    str(out, "");
                }
                case OutputPolicy.ToFile(Path f) -> {
                    out.writeByte(2);
                    str(out, f.toString());
                }
            }
            out.writeInt(Math.max(0, r.captureBytes()));
            out.writeByte(r.nice() == null ? 0 : 1);
            out.writeInt(r.nice() == null ? 0 : r.nice());
            out.writeByte(r.noAslr() ? 1 : 0);
            out.writeInt(r.cpus().size());
            for (int cpu : r.cpus()) out.writeInt(cpu);
            str(out, r.workDir() == null ? "" : r.workDir().toString());
            out.writeInt(r.argv().size());
            for (String a : r.argv()) str(out, a);
            out.writeInt(r.env().size());
            for (Map.Entry<String, String> e : r.env().entrySet()) str(out, e.getKey() + "=" + e.getValue());
            out.writeByte(r.counters() ? 1 : 0);
            out.writeByte(r.keepGroup() ? 1 : 0);
            out.writeByte(r.tree() ? 1 : 0);
        } catch (IOException e) {
            throw new IllegalStateException(e); // cannot happen: writing to memory
        }
        return bytes.toByteArray();
    }

    /** Arguments, environment and paths go as their exact bytes ({@link ArgBytes}). */
    private static void str(DataOutputStream out, String s) throws IOException {
        byte[] b = ArgBytes.encode(s);
        out.writeInt(b.length);
        out.write(b);
    }

    /** The helper's replies, read from its end of the socket through one buffer. */
    static final class Replies {
        private final ReadableByteChannel channel;
        private final ByteBuffer in = ByteBuffer.allocate(64 * 1024).flip();

        Replies(ReadableByteChannel channel) {
            this.channel = channel;
        }

        /** The next reply; an {@link IOException} where the helper closed its end or sent what it never sends. */
        Reply next() throws IOException {
            int kind = u8();
            if (kind == 'E') {
                String stage = string();
                int errno = i32();
                return new NotStarted(stage, errno, string());
            }
            if (kind != 'R') {
                throw new IOException("unexpected reply byte " + kind);
            }
            long wallNs = i64(), utimeUs = i64(), stimeUs = i64(), maxRss = i64();
            long minflt = i64(), majflt = i64(), nvcsw = i64(), nivcsw = i64(), inblock = i64(), oublock = i64();
            int exit = i32(), signal = i32();
            boolean timedOut = u8() != 0;
            boolean leftBehind = u8() != 0;
            String stdout = string(), stderr = string();
            Counters counters = counters();
            ProcessTree tree = tree();
            return new Measured(new ExecResult(
                    wallNs / 1e9,
                    utimeUs / 1e6,
                    stimeUs / 1e6,
                    maxRss,
                    true,
                    minflt,
                    majflt,
                    nvcsw,
                    nivcsw,
                    inblock,
                    oublock,
                    exit,
                    signal == 0 ? null : signal,
                    timedOut,
                    stdout,
                    stderr,
                    counters,
                    leftBehind,
                    tree));
        }

        /** The process tree part of a result (overhead-tree.h): each figure measured or not, and why not. */
        private ProcessTree tree() throws IOException {
            int n = u8();
            if (n == 0) {
                return ProcessTree.NONE;
            }
            boolean[] measured = new boolean[n];
            long[] raw = new long[n];
            for (int i = 0; i < n; i++) {
                measured[i] = u8() != 0;
                raw[i] = i64();
            }
            return ProcessTree.of(measured, raw, string());
        }

        /** The counters part of a result: what was counted, and one sentence on what was not. */
        private Counters counters() throws IOException {
            int n = u8();
            if (n == 0) {
                return Counters.NONE;
            }
            Map<String, Double> values = new LinkedHashMap<>();
            Map<Integer, List<String>> missing = new LinkedHashMap<>(); // by errno; -1: opened, never ran
            for (int i = 0; i < n; i++) {
                String name = string();
                int errno = i32();
                long value = i64(), enabled = i64(), running = i64();
                OptionalDouble scaled = errno == 0 ? Counters.scaled(value, enabled, running) : OptionalDouble.empty();
                if (scaled.isPresent()) {
                    values.put(name, scaled.getAsDouble());
                } else {
                    missing.computeIfAbsent(errno == 0 ? -1 : errno, k -> new ArrayList<>())
                            .add(name);
                }
            }
            // One reason is enough: on one machine the counters fail together, and for the same reason.
            String why = missing.entrySet().stream()
                    .findFirst()
                    .map(e -> Counters.unavailable(e.getValue(), values.isEmpty(), e.getKey()))
                    .orElse(null);
            return new Counters(values, why);
        }

        private void fill(int n) throws IOException {
            while (in.remaining() < n) {
                in.compact();
                int r = channel.read(in);
                in.flip();
                if (r < 0) {
                    throw new IOException("the helper closed its socket");
                }
            }
        }

        private int u8() throws IOException {
            fill(1);
            return in.get() & 0xff;
        }

        private int i32() throws IOException {
            fill(4);
            return in.getInt();
        }

        private long i64() throws IOException {
            fill(8);
            return in.getLong();
        }

        private String string() throws IOException {
            int len = i32();
            byte[] b = new byte[len];
            int off = 0;
            while (off < len) {
                fill(1);
                int k = Math.min(in.remaining(), len - off);
                in.get(b, off, k);
                off += k;
            }
            return new String(b, StandardCharsets.UTF_8);
        }
    }
}
