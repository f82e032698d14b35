package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import dev.overhead.model.Metrics;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14.4 and 14.18: options that would store something other than what was asked. */
@Processes
class BadOptionsTest {
    @TempDir
    Path dir;

    @Test
    void aParsedMetricMayNotTakeABuiltInName() {
        for (String name : new String[] {"wall", "max_rss", "cycles", "tree_mem", "psi_io", "tree_cpu_s"}) {
            var r = overhead(
                    "run",
                    "--fake-exec",
                    "--runs",
                    "2",
                    "--store",
                    dir.resolve("s.db").toString(),
                    "--metric",
                    name + "=(\\d+)",
                    "sleep 1");
            assertThat(r.code()).as(name).isEqualTo(2);
            assertThat(r.err()).contains(name + " is a built-in metric");
        }
        assertThat(dir.resolve("s.db")).doesNotExist();
        assertThat(Metrics.RESERVED)
                .contains(
                        "wall",
                        "user",
                        "sys",
                        "cpu",
                        "minor_faults",
                        "involuntary_cs",
                        "fs_out",
                        "instructions",
                        "psi_mem_s",
                        "tree_io_write_bytes");
    }

    @Test
    void aNegativeWarmupIsRefused() {
        var r = overhead(
                "run",
                "--fake-exec",
                "--runs",
                "2",
                "--warmup",
                "-1",
                "--store",
                dir.resolve("s.db").toString(),
                "sleep 1");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--warmup must be 0 or more");
        assertThat(dir.resolve("s.db")).doesNotExist();
    }

    @Test
    void importOfADeviceAndSizeOfAPipeAreOneSentenceEach() throws Exception {
        var zero = overhead("import", "--store", dir.resolve("s.db").toString(), "/dev/zero");
        assertThat(zero.code()).isEqualTo(1);
        assertThat(zero.err())
                .startsWith("overhead: /dev/zero is not a regular file")
                .doesNotContain("\tat ");
        Path fifo = dir.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        var size = overhead("size", fifo.toString(), fifo.toString());
        assertThat(size.code()).isEqualTo(1);
        assertThat(size.err()).contains("is not a regular file").doesNotContain("internal error");
    }

    @Test
    void runningOutOfMemoryIsOneSentenceNotATrace() throws Exception {
        // a file under the size limit whose workloads still do not fit a 48 MiB heap (docs/reliability.md,
        // case 16): 30,000 workloads of two runs a variant (75,000 runs a variant of one workload now fit)
        Path csv = dir.resolve("big.csv");
        StringBuilder b = new StringBuilder("workload,variant,metric,value\n");
        java.util.Random random = new java.util.Random(1);
        for (int i = 0; i < 120_000; i++) {
            b.append('w')
                    .append(i / 4)
                    .append(',')
                    .append(i % 2 == 0 ? "a" : "b")
                    .append(",wall,")
                    .append(random.nextDouble())
                    .append('\n');
        }
        java.nio.file.Files.writeString(csv, b);
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx48m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "compare",
                        csv.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isEqualTo(1);
        assertThat(err).startsWith("overhead: the command ran out of memory (").doesNotContain("\tat ");
        assertThat(err.strip().lines()).hasSize(1);
    }
}
