package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The wire protocol on bytes alone, no helper: a request is read back field by field in the order of
 * {@code read_request} in src/main/c/overhead-wire.c (the request row of docs/architecture.md, which
 * {@link WireDocTest} holds to the C), and replies written as the helper writes them are read into runs.
 */
class WireCodecTest {

    @Test
    void aRequestIsWrittenInTheOrderTheHelperReadsIt() throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("A", "1");
        env.put("LANG", "C.UTF-8");
        ExecRequest r = ExecRequest.builder(List.of("sh", "-c", "echo é"))
                .env(env)
                .workDir(Path.of("/tmp/work dir"))
                .timeout(Duration.ofMillis(2500))
                .output(new OutputPolicy.ToFile(Path.of("/tmp/out.log")))
                .captureBytes(4096)
                .cpus(List.of(0, 3))
                .nice(5)
                .noAslr(true)
                .counters(true)
                .keepGroup(true)
                .tree(true)
                .build();
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(WireCodec.encode(r)));
        assertThat(in.readUnsignedByte()).isEqualTo('R');
        assertThat(in.readLong()).as("timeout, ns").isEqualTo(2_500_000_000L);
        assertThat(in.readUnsignedByte()).as("output: to a file").isEqualTo(2);
        assertThat(str(in)).isEqualTo("/tmp/out.log");
        assertThat(in.readInt()).as("capture bytes").isEqualTo(4096);
        assertThat(in.readUnsignedByte()).as("has nice").isEqualTo(1);
        assertThat(in.readInt()).isEqualTo(5);
        assertThat(in.readUnsignedByte()).as("no ASLR").isEqualTo(1);
        assertThat(in.readInt()).as("cpus").isEqualTo(2);
        assertThat(new int[] {in.readInt(), in.readInt()}).containsExactly(0, 3);
        assertThat(str(in)).isEqualTo("/tmp/work dir");
        assertThat(in.readInt()).as("argc").isEqualTo(3);
        assertThat(List.of(str(in), str(in), str(in))).containsExactly("sh", "-c", "echo é");
        assertThat(in.readInt()).as("envc").isEqualTo(2);
        assertThat(List.of(str(in), str(in))).containsExactlyInAnyOrder("A=1", "LANG=C.UTF-8");
        assertThat(List.of(in.readUnsignedByte(), in.readUnsignedByte(), in.readUnsignedByte()))
                .as("counters, keep group, tree")
                .containsExactly(1, 1, 1);
        assertThat(in.read()).as("nothing after the request").isEqualTo(-1);
    }

    @Test
    void aPlainRequestHasNoTimeoutNoNiceAndDiscardsOutput() throws IOException {
        DataInputStream in =
                new DataInputStream(new ByteArrayInputStream(WireCodec.encode(ExecRequest.of(List.of("true")))));
        in.readUnsignedByte();
        assertThat(in.readLong()).as("no timeout").isZero();
        assertThat(in.readUnsignedByte()).as("output discarded").isZero();
        assertThat(str(in)).isEmpty();
        in.readInt();
        assertThat(in.readUnsignedByte()).as("no nice").isZero();
    }

    @Test
    void aResultWithCountersAndTreeIsReadAsTheHelperWritesIt() throws IOException {
        var reply = new Reply();
        reply.result(1_500_000_000L, 1_200_000L, 300_000L, 2048, 0);
        reply.str("out tail").str("err tail");
        reply.u8(2); // counters: cycles counted half the time (scaled ×2), instructions refused (EACCES)
        reply.str("cycles").i32(0).i64(1000).i64(10).i64(5);
        reply.str("instructions").i32(13).i64(0).i64(0).i64(0);
        reply.u8(7); // the tree: memory 1 MiB, CPU 2 s, no I/O figures, PSI cpu 3 ms
        long[] raw = {1 << 20, 2_000_000_000L, 0, 0, 3000, 0, 0};
        boolean[] has = {true, true, false, false, true, true, true};
        for (int i = 0; i < 7; i++) {
            reply.u8(has[i] ? 1 : 0).i64(raw[i]);
        }
        reply.str("io.stat is not readable");

        ExecResult r = measured(reply);
        assertThat(r.wallS()).isEqualTo(1.5);
        assertThat(r.userS()).isCloseTo(1.2, within(1e-12));
        assertThat(r.sysS()).isCloseTo(0.3, within(1e-12));
        assertThat(r.maxRssKib()).isEqualTo(2048);
        assertThat(r.minorFaults()).isEqualTo(11);
        assertThat(r.fsOutBlocks()).isEqualTo(16);
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.signal()).isNull();
        assertThat(r.timedOut()).isFalse();
        assertThat(r.counters().values()).containsExactly(Map.entry("cycles", 2000.0));
        assertThat(r.counters().missing()).contains("instructions");
        assertThat(r.tree().values())
                .containsEntry("tree_peak_mem_kib", 1024.0)
                .containsEntry("tree_cpu_s", 2.0)
                .containsEntry("psi_cpu_s", 0.003)
                .doesNotContainKey("tree_io_read_bytes");
        assertThat(r.tree().missing()).contains("io.stat is not readable");
    }

    @Test
    void aResultWithoutCountersOrTreeSaysNeither() throws IOException {
        var reply = new Reply();
        reply.result(10_000_000L, 0, 0, 100, 9);
        reply.str("").str("").u8(0).u8(0);
        ExecResult r = measured(reply);
        assertThat(r.signal()).isEqualTo(9);
        assertThat(r.counters()).isEqualTo(Counters.NONE);
        assertThat(r.tree()).isEqualTo(ProcessTree.NONE);
    }

    @Test
    void aCommandThatCouldNotStartIsAReplyOfItsOwn() throws IOException {
        var reply = new Reply();
        reply.u8('E').str("exec").i32(2).str("No such file or directory");
        var replies = new WireCodec.Replies(Channels.newChannel(new ByteArrayInputStream(reply.bytes())));
        assertThat(replies.next()).isEqualTo(new WireCodec.NotStarted("exec", 2, "No such file or directory"));
    }

    @Test
    void aTailLongerThanTheBufferIsReadWhole() throws IOException {
        String tail = "x".repeat(200_000) + "é";
        var reply = new Reply();
        reply.result(1, 0, 0, 1, 0);
        reply.str(tail).str("").u8(0).u8(0);
        assertThat(measured(reply).stdout()).isEqualTo(tail);
    }

    @Test
    void twoRepliesInOneReadAreTwoRuns() throws IOException {
        var reply = new Reply();
        for (int exit = 0; exit < 2; exit++) {
            reply.result(1, 0, 0, 1, 0);
            reply.str("run " + exit).str("").u8(0).u8(0);
        }
        var replies = new WireCodec.Replies(Channels.newChannel(new ByteArrayInputStream(reply.bytes())));
        assertThat(((WireCodec.Measured) replies.next()).result().stdout()).isEqualTo("run 0");
        assertThat(((WireCodec.Measured) replies.next()).result().stdout()).isEqualTo("run 1");
    }

    @Test
    void aReplyCutShortOrOfAnUnknownKindIsAnError() {
        var reply = new Reply();
        reply.result(1, 0, 0, 1, 0);
        byte[] whole = reply.str("").str("").u8(0).u8(0).bytes();
        byte[] cut = Arrays.copyOf(whole, whole.length - 3);
        assertThatThrownBy(() -> new WireCodec.Replies(Channels.newChannel(new ByteArrayInputStream(cut))).next())
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the helper closed its socket");
        assertThatThrownBy(() ->
                        new WireCodec.Replies(Channels.newChannel(new ByteArrayInputStream(new byte[] {'X'}))).next())
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unexpected reply byte 88");
    }

    private static ExecResult measured(Reply reply) throws IOException {
        var replies = new WireCodec.Replies(Channels.newChannel(new ByteArrayInputStream(reply.bytes())));
        return ((WireCodec.Measured) replies.next()).result();
    }

    private static String str(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    /** A reply as the helper writes it (network byte order, strings as a 32-bit length and their bytes). */
    private static final class Reply {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final DataOutputStream out = new DataOutputStream(bytes);
        private final List<IOException> failed = new ArrayList<>();

        /** 'R' and the figures up to the timed-out and left-behind flags: faults 11, 0; switches 5, 6; blocks 0, 16. */
        void result(long wallNs, long utimeUs, long stimeUs, long maxRssKib, int signal) {
            u8('R').i64(wallNs).i64(utimeUs).i64(stimeUs).i64(maxRssKib);
            i64(11).i64(0).i64(5).i64(6).i64(0).i64(16);
            i32(3).i32(signal).u8(0).u8(0);
        }

        Reply u8(int v) {
            return write(() -> out.writeByte(v));
        }

        Reply i32(int v) {
            return write(() -> out.writeInt(v));
        }

        Reply i64(long v) {
            return write(() -> out.writeLong(v));
        }

        Reply str(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            return write(() -> {
                out.writeInt(b.length);
                out.write(b);
            });
        }

        byte[] bytes() {
            assertThat(failed).isEmpty();
            return bytes.toByteArray();
        }

        private Reply write(Step step) {
            try {
                step.run();
            } catch (IOException e) {
                failed.add(e);
            }
            return this;
        }

        private interface Step {
            void run() throws IOException;
        }
    }
}
