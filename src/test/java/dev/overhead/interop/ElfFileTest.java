package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checked against GNU binutils' {@code size -A} and {@code size} on real binaries of this machine. */
@Processes
class ElfFileTest {
    @TempDir
    Path tmp;

    @Test
    void sectionsAndTotalsMatchBinutilsOnRealBinaries() throws Exception {
        assumeTrue(tool("size") && tool("readelf"), "binutils (size, readelf) is not installed");
        List<Path> files = new ArrayList<>(List.of(Path.of("/bin/ls")));
        try (Stream<Path> libs = Files.list(Path.of("/usr/lib/x86_64-linux-gnu"))) {
            libs.filter(p -> p.getFileName().toString().startsWith("libc.so.6"))
                    .findFirst()
                    .ifPresent(files::add);
        }
        if (tool("gcc")) {
            Path c = tmp.resolve("t.c");
            Files.writeString(
                    c,
                    "int counter; int table[100] = {1}; const char *s = \"x\"; int f(int x) { return x + counter; }\n");
            files.add(compile(c, "t64.o", "-c"));
            Path m32 = compileOrNull(c, "t32.o", "-m32", "-c");
            if (m32 != null) {
                files.add(m32);
            }
        }
        for (Path f : files) {
            ElfFile elf = ElfFile.read(f);
            Map<String, Long> expected = sizeA(f);
            expected.keySet().retainAll(allocNames(f));
            Map<String, Long> ours = new LinkedHashMap<>();
            elf.allocated().forEach(s -> ours.merge(s.name(), s.size(), Long::sum));
            assertThat(ours).as("allocated sections of %s", f).isEqualTo(expected);
            long[] berkeley = berkeley(f);
            assertThat(new long[] {
                        elf.berkeley().text(),
                        elf.berkeley().data(),
                        elf.berkeley().bss()
                    })
                    .as("text data bss of %s", f)
                    .containsExactly(berkeley);
            assertThat(elf.fileSize()).isEqualTo(Files.size(f));
        }
        assertThat(ElfFile.read(files.getFirst()).bits()).isEqualTo(64);
        files.stream()
                .filter(p -> p.toString().endsWith("t32.o"))
                .forEach(p -> assertThat(ElfFile.read(p).bits()).isEqualTo(32));
    }

    @Test
    void bigEndianHeadersOfBothClassesAreRead() throws IOException {
        for (boolean is64 : new boolean[] {false, true}) {
            for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                Path f = tmp.resolve("crafted-" + is64 + "-" + order + ".elf");
                Files.write(f, craft(is64, order));
                ElfFile elf = ElfFile.read(f);
                assertThat(elf.bits()).isEqualTo(is64 ? 64 : 32);
                assertThat(elf.bigEndian()).isEqualTo(order == ByteOrder.BIG_ENDIAN);
                assertThat(elf.allocated()).extracting(ElfFile.Section::name).containsExactly(".text", ".data", ".bss");
                assertThat(elf.allocated()).extracting(ElfFile.Section::size).containsExactly(0x1234L, 0x56L, 0x7890L);
                assertThat(elf.berkeley()).isEqualTo(new ElfFile.Berkeley(0x1234, 0x56, 0x7890));
            }
        }
    }

    @Test
    void aFileThatIsNotElfGetsOneSentence() throws IOException {
        Path f = tmp.resolve("notes.txt");
        Files.writeString(f, "hello, not an executable\n");
        assertThatThrownBy(() -> ElfFile.read(f))
                .isInstanceOf(FormatException.class)
                .hasMessage(f + " is not an ELF file overhead can read (it does not start with the ELF magic number); "
                        + "'overhead size' compares ELF executables, shared objects, object files and kernels.");
    }

    @Test
    void theComparisonShowsTotalsAndSectionsWithTheirChange() throws IOException {
        Path a = tmp.resolve("a.elf");
        Path b = tmp.resolve("b.elf");
        Files.write(a, craft(true, ByteOrder.LITTLE_ENDIAN));
        Files.write(b, craft(true, ByteOrder.BIG_ENDIAN));
        SizeComparison c = SizeComparison.of(ElfFile.read(a), ElfFile.read(b));
        assertThat(c.rows())
                .extracting(SizeComparison.Row::name)
                .containsExactly("file", "text", "data", "bss", "total", ".text", ".data", ".bss");
        assertThat(c.render("csv")).contains("\ntext,berkeley,4660,4660,0,0.0000\n");
        assertThat(c.render("markdown")).startsWith("| ");
        assertThat(c.render("json")).contains("\"name\" : \".bss\"");
    }

    /** A minimal ELF: null, .text (exec), .data (write), .bss (write, nobits), .comment (not alloc), .shstrtab. */
    static byte[] craft(boolean is64, ByteOrder order) {
        byte[] names = "\0.text\0.data\0.bss\0.comment\0.shstrtab\0".getBytes(StandardCharsets.ISO_8859_1);
        int ehsize = is64 ? 64 : 52;
        int shentsize = is64 ? 64 : 40;
        int strOff = ehsize;
        int shoff = strOff + names.length + (8 - names.length % 8) % 8;
        int count = 6;
        ByteBuffer b = ByteBuffer.allocate(shoff + count * shentsize).order(order);
        b.put(new byte[] {0x7f, 'E', 'L', 'F', (byte) (is64 ? 2 : 1), (byte) (order == ByteOrder.BIG_ENDIAN ? 2 : 1), 1
        });
        b.putShort(16, (short) 1).putShort(18, (short) 0x15).putInt(20, 1);
        if (is64) {
            b.putLong(0x28, shoff)
                    .putShort(0x34, (short) ehsize)
                    .putShort(0x3A, (short) shentsize)
                    .putShort(0x3C, (short) count)
                    .putShort(0x3E, (short) 5);
        } else {
            b.putInt(0x20, shoff)
                    .putShort(0x28, (short) ehsize)
                    .putShort(0x2E, (short) shentsize)
                    .putShort(0x30, (short) count)
                    .putShort(0x32, (short) 5);
        }
        b.put(strOff, names);
        // name offset, type, flags, size
        long[][] s = {{1, 1, 6, 0x1234}, {7, 1, 3, 0x56}, {13, 8, 3, 0x7890}, {18, 1, 0x30, 9}, {27, 3, 0, names.length}
        };
        for (int i = 0; i < s.length; i++) {
            int at = shoff + (i + 1) * shentsize;
            long offset = i == 4 ? strOff : 0;
            if (is64) {
                b.putInt(at, (int) s[i][0])
                        .putInt(at + 4, (int) s[i][1])
                        .putLong(at + 8, s[i][2])
                        .putLong(at + 0x18, offset)
                        .putLong(at + 0x20, s[i][3]);
            } else {
                b.putInt(at, (int) s[i][0])
                        .putInt(at + 4, (int) s[i][1])
                        .putInt(at + 8, (int) s[i][2])
                        .putInt(at + 0x10, (int) offset)
                        .putInt(at + 0x14, (int) s[i][3]);
            }
        }
        return b.array();
    }

    private static Map<String, Long> sizeA(Path f) throws Exception {
        Map<String, Long> out = new LinkedHashMap<>();
        Pattern line = Pattern.compile("^(\\S+)\\s+(\\d+)\\s+(\\d+)$");
        for (String l : run("size", "-A", "-d", f.toString()).split("\n")) {
            Matcher m = line.matcher(l.strip());
            if (m.matches() && !m.group(1).equals("Total")) {
                out.merge(m.group(1), Long.parseLong(m.group(2)), Long::sum);
            }
        }
        return out;
    }

    private static Set<String> allocNames(Path f) throws Exception {
        Set<String> names = new TreeSet<>();
        Pattern row = Pattern.compile(
                "^\\s*\\[\\s*\\d+\\]\\s+(\\S+)\\s+\\S+\\s+\\S+\\s+\\S+\\s+\\S+\\s+\\S+\\s+([A-Za-z]*)\\s");
        for (String l : run("readelf", "-SW", f.toString()).split("\n")) {
            Matcher m = row.matcher(l);
            if (m.find() && m.group(2).contains("A")) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    private static long[] berkeley(Path f) throws Exception {
        String[] lines = run("size", f.toString()).split("\n");
        String[] cells = lines[1].strip().split("\\s+");
        return new long[] {Long.parseLong(cells[0]), Long.parseLong(cells[1]), Long.parseLong(cells[2])};
    }

    private static Path compile(Path c, String out, String... flags) throws Exception {
        Path p = compileOrNull(c, out, flags);
        assertThat(p).as("gcc %s", String.join(" ", flags)).isNotNull();
        return p;
    }

    private static Path compileOrNull(Path c, String out, String... flags) throws Exception {
        Path o = c.resolveSibling(out);
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-o", o.toString(), c.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor() == 0 ? o : null;
    }

    private static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", cmd) + ": " + out).isZero();
        return out;
    }

    private static boolean tool(String name) {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, name)));
    }
}
