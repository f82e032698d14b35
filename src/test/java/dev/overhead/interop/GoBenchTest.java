package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.StudyResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Direction;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoBenchTest {
    @Test
    void benchmarkLinesAreRunsWithUnitsTidiedAsBenchstatDoes() {
        StudyResult study = GoBench.read(Resources.text("external/benchstat/v1-legacy/old.txt"), "old.txt");
        assertThat(study.workloads()).hasSize(36);
        WorkloadResult first = study.workloads().getFirst();
        assertThat(first.name()).isEqualTo("CRC32/poly=IEEE/size=15/align=0");
        assertThat(first.workload().parameters()).containsEntry("gomaxprocs", "8");
        assertThat(first.variants())
                .singleElement()
                .satisfies(v -> assertThat(v.name()).isEqualTo("old"));
        MetricSpec time = spec(first, "sec/op");
        MetricSpec speed = spec(first, "B/s");
        assertThat(time.better()).isEqualTo(Direction.LOWER);
        assertThat(time.unit()).isEqualTo("s");
        assertThat(speed.better()).isEqualTo(Direction.HIGHER);
        assertThat(first.variants().getFirst().values(time)[0]).isEqualTo(44.6e-9);
        assertThat(first.variants().getFirst().values(speed)[0]).isEqualTo(336.59e6);
        assertThat(study.environment())
                .containsEntry("pkg", "hash/crc32")
                .containsEntry("note", "hw acceleration disabled");
    }

    @Test
    void tidyFollowsBenchunit() {
        // the cases of golang/perf benchunit/tidy_test.go
        assertThat(GoBench.tidy("ns/op")).isEqualTo(new GoBench.Tidy("sec/op", 1e-9, false));
        assertThat(GoBench.tidy("x-ns/op").unit()).isEqualTo("x-sec/op");
        assertThat(GoBench.tidy("MB/s")).isEqualTo(new GoBench.Tidy("B/s", 1e6, true));
        assertThat(GoBench.tidy("x-MB/s").unit()).isEqualTo("x-B/s");
        assertThat(GoBench.tidy("B/op").factor()).isEqualTo(1);
        assertThat(GoBench.tidy("op/ns")).isEqualTo(new GoBench.Tidy("op/ns", 1, false));
        assertThat(GoBench.tidy("MB*MB/s")).isEqualTo(new GoBench.Tidy("B*B/s", 1e12, true));
        assertThat(GoBench.tidy("MB/MB")).isEqualTo(new GoBench.Tidy("B/MB", 1e6, false));
    }

    @Test
    void aConfigurationKeyOrANamePartChoosesTheVariant() {
        StudyResult byNote = GoBench.read(
                Resources.text("external/benchstat/v2-current/units.txt").replace("note:", "variant:"), "units.txt");
        assertThat(byNote.workloads().getFirst().variants())
                .extracting(v -> v.name())
                .containsExactly("before", "after");

        StudyResult byPoly =
                GoBench.read(Resources.text("external/benchstat/v2-current/crc-old.txt"), "crc-old.txt", "poly");
        WorkloadResult first = byPoly.workloads().getFirst();
        assertThat(first.name()).isEqualTo("CRC32/size=15/align=0");
        assertThat(first.variants())
                .extracting(v -> v.name())
                .containsExactly("poly=IEEE", "poly=Castagnoli", "poly=Koopman");
        assertThatThrownBy(() -> GoBench.read(
                        Resources.text("external/benchstat/v2-current/crc-old.txt"), "crc-old.txt", "nope"))
                .hasMessageStartingWith("crc-old.txt line 6: benchmark CRC32/poly=IEEE/size=15/align=0 has no /nope=");
    }

    @Test
    void unitLinesSetTheDirection() {
        String text = "Unit widgets better=higher\nBenchmarkW 1 5 widgets 3 ns/op\n";
        WorkloadResult w = GoBench.read(text, "w.txt").workloads().getFirst();
        assertThat(spec(w, "widgets").better()).isEqualTo(Direction.HIGHER);
    }

    @Test
    void writtenFilesReadBackToTheSameSamples() {
        StudyResult csv = SampleCsv.read("""
                workload,variant,metric,value,better,unit
                sort,glibc,wall,1.25,,
                sort,glibc,wall,1.5,,
                sort,glibc,max_rss,2048,,
                sort,glibc,max_rss,4096,,
                sort,glibc,throughput,12.5,higher,MB/s
                sort,glibc,throughput,13,higher,MB/s
                sort,hardened,wall,1.75,,
                sort,hardened,wall,2,,
                sort,hardened,max_rss,8192,,
                sort,hardened,max_rss,8192,,
                sort,hardened,throughput,10,higher,MB/s
                sort,hardened,throughput,11.5,higher,MB/s
                """, "s.csv");
        String written = GoBench.write(csv);
        assertThat(written)
                .contains("variant: glibc\nBenchmark_sort 1 1250000000 ns/op 2097152 max-rss-B 12.5 throughput\n");
        StudyResult back = GoBench.read(written, "written.txt");
        WorkloadResult w = back.workloads().getFirst();
        assertThat(w.name()).isEqualTo("sort");
        assertThat(w.variants()).extracting(v -> v.name()).containsExactly("glibc", "hardened");
        assertThat(w.variant("hardened").orElseThrow().values(spec(w, "sec/op")))
                .containsExactly(1.75, 2.0);
        assertThat(w.variant("hardened").orElseThrow().values(spec(w, "max-rss-B")))
                .containsExactly(8192 * 1024.0, 8192 * 1024.0);
        assertThat(spec(w, "throughput").better()).isEqualTo(Direction.HIGHER);
        assertThat(w.variant("glibc").orElseThrow().values(spec(w, "throughput")))
                .containsExactly(12.5, 13.0);
    }

    static MetricSpec spec(WorkloadResult w, String name) {
        List<MetricSpec> all = w.workload().metrics();
        return all.stream()
                .filter(m -> m.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in " + all));
    }
}
