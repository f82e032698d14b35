package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.Processes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14.5 and 14.17: values that are not numbers, and files built to break a reader. */
@Processes
class HostileFilesTest {
    @TempDir
    Path tmp;

    @Test
    void hyperfineTimesThatAreNotNumbersAreRefusedNotReadAsZero() {
        String json = "{\"results\": [{\"command\": \"sleep 1\", \"times\": [\"abc\", null, 1]}]}";
        assertThatThrownBy(() -> Formats.read(json, "h.json"))
                .isInstanceOf(FormatException.class)
                .hasMessage("h.json: results[0].times[0] is \"abc\", not a finite number; fix or remove that run.");
        String nullTime = "{\"results\": [{\"command\": \"sleep 1\", \"times\": [1, null]}]}";
        assertThatThrownBy(() -> Formats.read(nullTime, "h.json")).hasMessageContaining("times[1] is null");
        String huge = "{\"results\": [{\"command\": \"sleep 1\", \"times\": [1, 1e999999]}]}";
        assertThatThrownBy(() -> Formats.read(huge, "h.json")).hasMessageContaining("not a finite number");
    }

    @Test
    void csvValuesThatAreNotFiniteAreRefusedWithTheLine() {
        for (String bad : new String[] {"NaN", "Infinity", "-Infinity", "1e999999", "0x1p3", "1d"}) {
            String csv = "workload,variant,metric,value\nw,a,wall,1.0\nw,a,wall," + bad + "\n";
            assertThatThrownBy(() -> Formats.read(csv, "s.csv"))
                    .as(bad)
                    .isInstanceOf(FormatException.class)
                    .hasMessage("s.csv line 3: '" + bad + "' is not a finite number; fix or remove that line.");
        }
        assertThat(Formats.read("workload,variant,metric,value\nw,a,wall,1.5e-3\nw,a,wall,.5\n", "ok.csv")
                        .workloads())
                .hasSize(1);
    }

    @Test
    void overheadJsonWithAStringForATimeIsRefused() {
        String json = "{\"schema\": \"overhead/1\", \"study\": {\"id\": \"x\"}, \"workloads\": [{\"name\": \"w\","
                + " \"variants\": [{\"name\": \"a\", \"runs\": [{\"index\": 0, \"wall_s\": \"abc\"}]}]}]}";
        assertThatThrownBy(() -> Formats.read(json, "o.json"))
                .isInstanceOf(FormatException.class)
                .hasMessage(
                        "o.json line 1: workloads[0].variants[0].runs[0].wall_s is \"abc\", not a finite number; fix"
                                + " or remove it (is the file damaged?).");
    }

    @Test
    void jsonNestedTooDeepGetsASentence() {
        String deep = "{\"schema\": \"overhead/1\", \"x\": " + "[".repeat(1100) + "]".repeat(1100) + "}";
        assertThatThrownBy(() -> Formats.read(deep, "deep.json"))
                .isInstanceOf(FormatException.class)
                .hasMessage("deep.json nests JSON deeper than 100 levels, which no result file needs: is it the"
                        + " right file?");
    }

    @Test
    void aPipeOrADeviceIsNotReadAsAResultFile() {
        assertThatThrownBy(() -> Formats.read(Path.of("/dev/zero")))
                .isInstanceOf(FormatException.class)
                .hasMessageStartingWith("/dev/zero is not a regular file");
    }

    @Test
    void aFileLargerThanTheMemoryAllowsGetsASentence() throws Exception {
        Path big = tmp.resolve("big.csv");
        try (var ch = java.nio.channels.FileChannel.open(
                big, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {'\n'}), Formats.maxBytes()); // sparse: costs no disk
        }
        assertThatThrownBy(() -> Formats.read(big))
                .isInstanceOf(FormatException.class)
                .hasMessageContaining("more than overhead reads at once");
    }

    @Test
    void malformedElfHeadersGetASentence() throws Exception {
        byte[] good = ElfFileTest.craft(true, ByteOrder.LITTLE_ENDIAN);
        long[] offsets = {good.length + 4096L, -64L, Long.MAX_VALUE - 8};
        for (long shoff : offsets) {
            byte[] bad = good.clone();
            ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putLong(0x28, shoff);
            Path f = Files.write(tmp.resolve("bad-" + Long.toHexString(shoff)), bad);
            assertThatThrownBy(() -> ElfFile.read(f))
                    .isInstanceOf(FormatException.class)
                    .hasMessageContaining("is not an ELF file overhead can read (its section header offset");
        }
        // the name table of the sections pointing past the end of the file
        byte[] bad = good.clone();
        ByteBuffer b = ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN);
        long shoff = b.getLong(0x28);
        b.putLong((int) shoff + 5 * 64 + 0x18, 1L << 40);
        Path f = Files.write(tmp.resolve("bad-strtab"), bad);
        assertThatThrownBy(() -> ElfFile.read(f))
                .isInstanceOf(FormatException.class)
                .hasMessageContaining("is not an ELF file overhead can read");
    }

    @Test
    void sizeOfANamedPipeIsRefusedWithoutBlocking() throws Exception {
        Path fifo = tmp.resolve("fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mk.waitFor()).isZero();
        assertThatThrownBy(() -> ElfFile.read(fifo))
                .isInstanceOf(FormatException.class)
                .hasMessageStartingWith(fifo + " is not a regular file");
    }

    @Test
    void aBillionLaughsDocumentIsRefusedBeforeAnyEntityIsExpanded() {
        String laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">"
                + "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
                + "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">]>\n"
                + "<PhoronixTestSuite><Generated><Title>&lol3;</Title></Generated></PhoronixTestSuite>";
        assertThatThrownBy(() -> PtsXml.read(laughs, "lolz.xml"))
                .isInstanceOf(FormatException.class)
                .hasMessageStartingWith("lolz.xml line 2: not well-formed XML");
    }
}
