package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.StudyResult;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Verdict;
import dev.overhead.verdicts.Analyzer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28.6 (negative and fractional figures) and issue 33.12 (the third hostile battery's input
 * files): each case was read without a word before, and is now refused with file and line, or kept
 * as it is.
 */
class InputFilesTest {
    @TempDir
    Path tmp;

    /** overhead JSON with one run whose fields are given, and the line that run is on (5). */
    private static String json(String runFields) {
        return """
                {"schema": "overhead/1", "study": {"id": "x"},
                 "workloads": [{"name": "w", "variants": [
                   {"name": "a", "runs": [
                     {"index": 0, "wall_s": 1.0},
                     {%s}
                   ]}]}]}
                """.formatted(runFields);
    }

    @Test
    void overheadJsonFieldsOfTheWrongTypeAreRefusedWithFileLineAndPlace() {
        String[][] cases = {
            {"\"index\": \"abc\"", "index is \"abc\", not a whole number"},
            {"\"index\": 1.5", "index is 1.5, not a whole number"},
            {"\"exit_code\": \"0\"", "exit_code is \"0\", not a whole number"},
            {"\"exit_code\": 99999999999", "exit_code is 99999999999, not a whole number"},
            {"\"timed_out\": \"no\"", "timed_out is \"no\", not true or false"},
            {"\"started\": \"yesterday\"", "started is \"yesterday\", not a time in ISO-8601"},
            {"\"started\": 5", "started is 5, not a string"},
            {"\"metrics\": {\"throughput\": \"fast\"}", "metrics.throughput is \"fast\", not a finite number"},
            {"\"metrics\": [1, 2]", "metrics is [1,2], not an object"},
            {"\"build\": \"first\"", "build is \"first\", not a whole number"},
            {"\"max_rss_kib\": \"big\"", "max_rss_kib is \"big\", not a finite number"},
        };
        for (String[] c : cases) {
            assertThatThrownBy(() -> Formats.read(json(c[0]), "o.json"))
                    .as(c[0])
                    .isInstanceOf(FormatException.class)
                    .hasMessageStartingWith("o.json line 5: workloads[0].variants[0].runs[1]." + c[1]);
        }
    }

    @Test
    void overheadJsonStructuresOfTheWrongTypeAreRefused() {
        assertThatThrownBy(() ->
                        Formats.read("{\"schema\": \"overhead/1\",\n \"workloads\": {\"name\": \"w\"}}", "o.json"))
                .hasMessage("o.json line 2: workloads is {\"name\":\"w\"}, not a list; fix or remove it (is the file"
                        + " damaged?).");
        assertThatThrownBy(() -> Formats.read(
                        "{\"schema\": \"overhead/1\", \"workloads\": [{\"name\": 7,\n \"variants\": []}]}", "o.json"))
                .hasMessageStartingWith("o.json line 1: workloads[0].name is 7, not a string");
        assertThatThrownBy(() -> Formats.read(
                        "{\"schema\": \"overhead/1\", \"workloads\": [{\"name\": \"w\",\n \"variants\": [{\"name\":"
                                + " \"a\", \"runs\": 3}]}]}",
                        "o.json"))
                .hasMessageStartingWith("o.json line 2: workloads[0].variants[0].runs is 3, not a list");
        assertThatThrownBy(() -> Formats.read(
                        "{\"schema\": \"overhead/1\", \"workloads\": [],\n \"comparisons\": [{\"verdict\":"
                                + " \"great\"}]}",
                        "o.json"))
                .hasMessageStartingWith("o.json line 2: comparisons[0].verdict is \"great\", not one of equivalent");
    }

    @Test
    void overheadJsonNegativeFiguresAreRefused() {
        for (String field : new String[] {"wall_s", "user_s", "minor_faults", "max_rss_kib", "fs_out_blocks"}) {
            assertThatThrownBy(() -> Formats.read(json("\"" + field + "\": -2"), "o.json"))
                    .as(field)
                    .isInstanceOf(FormatException.class)
                    .hasMessage("o.json line 5: workloads[0].variants[0].runs[1]." + field
                            + " is -2, but a time, size or count cannot be negative; fix or remove that run.");
        }
        assertThatThrownBy(() -> Formats.read(json("\"metrics\": {\"tree_cpu_s\": -0.5}"), "o.json"))
                .hasMessageContaining("metrics.tree_cpu_s is -0.5, but a time, size or count cannot be negative");
        // a metric of the user's own may be negative (a difference, a temperature)
        assertThat(Formats.read(json("\"metrics\": {\"delta\": -0.5}"), "o.json")
                        .workloads()
                        .getFirst()
                        .variants()
                        .getFirst()
                        .runs()
                        .get(1)
                        .metrics())
                .containsEntry("delta", -0.5);
    }

    @Test
    void overheadJsonFractionalCountsAreRefusedNotRounded() {
        assertThatThrownBy(() -> Formats.read(json("\"minor_faults\": 2.4"), "o.json"))
                .isInstanceOf(FormatException.class)
                .hasMessageStartingWith("o.json line 5: workloads[0].variants[0].runs[1].minor_faults is 2.4, not a"
                        + " whole number: one run counts whole events; give means of counts in a sample CSV");
    }

    @Test
    void sampleCsvNegativeBuiltInFiguresAreRefusedWithTheLine() {
        // the third row takes the reader's fast path (only its value differs), the second its full one
        String csv = "workload,variant,metric,value\nw,a,wall,1.0\nw,b,wall,-1.0\n";
        assertThatThrownBy(() -> Formats.read(csv, "s.csv"))
                .isInstanceOf(FormatException.class)
                .hasMessage("s.csv line 3: wall is -1.0, but the built-in metric wall (a time, size or count) cannot"
                        + " be negative; fix that line, or give the figure a name of its own if it can be.");
        String fast = "workload,variant,metric,value\nw,a,minor_faults,3\nw,a,minor_faults,-2\n";
        assertThatThrownBy(() -> Formats.read(fast, "s.csv"))
                .hasMessageStartingWith("s.csv line 3: minor_faults is -2");
        // the user's own figures may be negative
        assertThat(Formats.read("workload,variant,metric,value\nw,a,delta,-1.5\n", "s.csv")
                        .workloads())
                .hasSize(1);
    }

    @Test
    void sampleCsvFractionalCountsAreKeptAndComparedAsCounts() {
        StringBuilder csv = new StringBuilder("workload,variant,metric,value\n");
        double[][] values = {{2.4, 2.38, 2.42, 2.41, 2.39}, {1.5, 1.52, 1.48, 1.51, 1.49}};
        for (int v = 0; v < 2; v++) {
            for (double x : values[v]) {
                csv.append("w,")
                        .append(v == 0 ? "a" : "b")
                        .append(",minor_faults,")
                        .append(x)
                        .append('\n');
            }
        }
        StudyResult study = Formats.read(csv.toString(), "f.csv");
        var w = study.workloads().getFirst();
        MetricSpec faults = w.workload().metrics().getFirst();
        assertThat(faults.name()).isEqualTo("minor_faults");
        assertThat(faults.quantity().kind()).as("still a count").isEqualTo(dev.overhead.stats.Quantity.Kind.COUNT);
        assertThat(w.variant("a").orElseThrow().values(faults)).containsExactly(values[0]);
        var row = Analyzer.compare(study, null, CompareOptions.DEFAULT).getFirst();
        // rounded, both were 2 vs 2 and "equivalent"; as read the change is 1.5/2.4 - 1 = -37.5%
        assertThat(row.comparison().changePct()).isCloseTo(-37.5, org.assertj.core.data.Offset.offset(0.01));
        assertThat(row.comparison().verdict()).isEqualTo(Verdict.BETTER);
    }

    @Test
    void goBenchmarkLinesWithAbsurdIterationCountsAreRefused() {
        for (String n : new String[] {"0", "99999999999999999999999", "-5"}) {
            String text = "goos: linux\nBenchmarkSort-8   " + n + "   120 ns/op\n";
            if (n.startsWith("-")) { // not even a benchmark line: no number of iterations
                assertThatThrownBy(() -> Formats.read(text, "g.txt")).isInstanceOf(FormatException.class);
                continue;
            }
            assertThatThrownBy(() -> Formats.read(text, "g.txt"))
                    .as(n)
                    .isInstanceOf(FormatException.class)
                    .hasMessage("g.txt line 2: BenchmarkSort-8 ran " + n + " iterations, which no Go benchmark can"
                            + " (b.N is from 1 to 9223372036854775807); is the line damaged?");
        }
        assertThatThrownBy(() -> Formats.read("BenchmarkSort-8   100   -120 ns/op\n", "g.txt"))
                .hasMessage("g.txt line 1: -120 ns/op of BenchmarkSort-8 is negative, which a time, a size or a count"
                        + " cannot be; fix or remove that line.");
        assertThat(Formats.read("BenchmarkSort-8   9223372036854775807   120 ns/op\n", "g.txt")
                        .workloads())
                .hasSize(1);
    }

    @Test
    void anElfWhoseSectionNameIndexIsOutOfRangeIsRefused() throws Exception {
        byte[] bad = ElfFileTest.craft(true, ByteOrder.LITTLE_ENDIAN);
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putShort(0x3E, (short) 200);
        Path f = Files.write(tmp.resolve("bad-shstrndx"), bad);
        assertThatThrownBy(() -> ElfFile.read(f))
                .isInstanceOf(FormatException.class)
                .hasMessage(f + " is not an ELF file overhead can read (its section name table is section 200, but it"
                        + " has 6 sections); 'overhead size' compares ELF executables, shared objects, object files"
                        + " and kernels.");
        // index 0 (SHN_UNDEF) is a file without section names, which is allowed
        byte[] unnamed = ElfFileTest.craft(true, ByteOrder.LITTLE_ENDIAN);
        ByteBuffer.wrap(unnamed).order(ByteOrder.LITTLE_ENDIAN).putShort(0x3E, (short) 0);
        assertThat(ElfFile.read(Files.write(tmp.resolve("unnamed"), unnamed)).sections())
                .hasSize(5);
    }

    @Test
    void hyperfineAndPyperfNegativeOrNonNumericValuesAreRefused() {
        String hyperfine = "{\"results\": [{\"command\": \"sleep 1\", \"times\": [1, -0.5]}]}";
        assertThatThrownBy(() -> Formats.read(hyperfine, "h.json"))
                .isInstanceOf(FormatException.class)
                .hasMessage("h.json: results[0].times[1] is -0.5, but a time or size cannot be negative; fix or remove"
                        + " that run.");
        String pyperf = "{\"version\": \"1.0\", \"metadata\": {\"name\": \"b\", \"unit\": \"second\"},"
                + " \"benchmarks\": [{\"runs\": [{\"values\": [0.1, \"abc\"]}]}]}";
        assertThatThrownBy(() -> Formats.read(pyperf, "p.json"))
                .isInstanceOf(FormatException.class)
                .hasMessage(
                        "p.json: a value of benchmark 'b' is \"abc\", not a finite number; fix or remove that run.");
        assertThatThrownBy(() -> Formats.read(pyperf.replace("\"abc\"", "-0.1"), "p.json"))
                .hasMessage("p.json: a value of benchmark 'b' is -0.1, but a time or size cannot be negative; fix or"
                        + " remove that run.");
    }

    /**
     * A sample file is read from its bytes (Formats.read of a path; docs/performance.md, "Analysis at scale"),
     * not through a String: names in UTF-8 come out as the String route gives them, and bytes that are not
     * UTF-8 are refused with the same sentence as before, also past the first 64 KiB that decide the format.
     */
    @Test
    void aSampleFileReadFromItsBytesIsTheSameStudyAndStillRefusesBytesThatAreNotText() throws Exception {
        StringBuilder text = new StringBuilder("workload,variant,metric,value\n");
        for (int i = 0; i < 4000; i++) { // past the head of 64 KiB
            text.append("héllo wörld,glibc–2.41,wall,").append(1 + i % 7 / 10.0).append('\n');
            text.append("héllo wörld,hardened ✓,wall,")
                    .append(1.1 + i % 5 / 10.0)
                    .append('\n');
        }
        Path csv = Files.writeString(tmp.resolve("u.csv"), text);
        StudyResult fromFile = Formats.read(csv);
        StudyResult fromText = Formats.read(text.toString(), csv.toString());
        assertThat(fromFile.workloads().getFirst().name()).isEqualTo("héllo wörld");
        assertThat(fromFile.workloads().getFirst().variants())
                .extracting(v -> v.name())
                .containsExactly("glibc–2.41", "hardened ✓");
        MetricSpec wall = fromFile.workloads().getFirst().workload().metrics().getFirst();
        assertThat(fromFile.workloads().getFirst().variants().get(1).values(wall))
                .containsExactly(
                        fromText.workloads().getFirst().variants().get(1).values(wall));

        byte[] bytes = text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        bytes[bytes.length - 3] = (byte) 0xff; // no UTF-8 byte, far past the head
        Path broken = Files.write(tmp.resolve("b.csv"), bytes);
        assertThatThrownBy(() -> Formats.read(broken))
                .isInstanceOf(FormatException.class)
                .hasMessage(broken + " is not a text file; overhead reads " + Formats.KNOWN + ".");
    }
}
