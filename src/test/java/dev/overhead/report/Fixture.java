package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettingsCodec;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Verdicts;
import dev.overhead.verdicts.Summaries;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A hand-made study with exact figures, independent of the statistics engine: three variants, a
 * plain workload and a swept one with a parsed higher-is-better metric, all four verdicts, an
 * inconclusive with and one without runs needed, warnings on a comparison and on the study.
 */
public final class Fixture {
    private Fixture() {}

    static final Variant GLIBC = Variant.plain("glibc");
    static final Variant HARDENED = new Variant(
            "hardened", Map.of("LD_PRELOAD", "/usr/lib/libhardened_malloc.so"), List.of(), List.of(), List.of());
    static final Variant TRACED =
            new Variant("traced", Map.of(), List.of("strace", "-f", "-o", "/dev/null"), List.of(), List.of());
    static final MetricSpec THROUGHPUT =
            new MetricSpec("throughput", Direction.HIGHER, "msg/s", "Throughput: ([0-9.]+)");

    /** Relative jitter of successive runs, in percent: fixed, so every figure is exact. */
    private static final double[] JITTER = {0.0, 0.8, -0.5, 1.1, -0.9, 0.3};

    public static StudyResult study() {
        return study(List.of("sort", "-o", "/dev/null", "/usr/share/dict/words"));
    }

    /** The same study, with a command made to break out of HTML if anything fails to escape it. */
    static StudyResult hostile() {
        return study(List.of(
                "sh",
                "-c",
                "echo '<script>alert(1)</script>' </script><img src=x "
                        + "onerror=\"document.body.setAttribute('data-pwned','1')\"> && sort /usr/share/dict/words"));
    }

    private static StudyResult study(List<String> sortCommand) {
        int[] sequence = {0};
        Workload sort = new Workload("sort", sortCommand, false, Map.of(), List.of(), List.of());
        Workload hb5 = hackbench("5");
        Workload hb15 = hackbench("15");
        List<WorkloadResult> workloads = List.of(
                workload(sort, 0.0423, 0.0085e-1, 5120, sequence, Map.of("hardened", 31.0, "traced", 3.1)),
                workload(hb5, 1.85, 0.21, 22_400, sequence, Map.of("hardened", 12.3, "traced", 150.2)),
                workload(hb15, 5.12, 0.63, 61_800, sequence, Map.of("hardened", 8.0, "traced", 120.0)));

        List<ComparisonRow> rows = new ArrayList<>();
        String s = "sort";
        rows.add(row(s, "wall", "s", "hardened", 0.0423, 31.0, 29.8, 32.2, null));
        rows.add(row(s, "cpu", "s", "hardened", 0.0301, 28.4, 27.0, 29.9, null));
        rows.add(row(s, "sys", "s", "hardened", 0.00085, 5.0, -2.0, 12.0, 60));
        rows.add(row(s, "max_rss", "KiB", "hardened", 5120, -44.5, -45.1, -43.9, null));
        rows.add(row(s, "minor_faults", "", "hardened", 1_312, 0.2, -0.4, 0.7, null));
        rows.add(row(s, "wall", "s", "traced", 0.0423, 3.1, -1.2, 7.6, 40));
        rows.add(row(s, "cpu", "s", "traced", 0.0301, 2.0, 1.1, 2.9, null));
        rows.add(row(s, "max_rss", "KiB", "traced", 5120, 0.1, -0.3, 0.4, null));
        rows.add(row(
                s,
                "minor_faults",
                "",
                "traced",
                1_312,
                0.4,
                -0.2,
                0.9,
                null,
                "2 outliers in traced (more than 3.5 MADs from the median)"));
        String h5 = hb5.name();
        rows.add(row(h5, "throughput", "msg/s", "hardened", 48_250, -10.9, -12.7, -9.2, null));
        rows.add(row(h5, "wall", "s", "hardened", 1.85, 12.3, 10.1, 14.6, null));
        rows.add(row(h5, "max_rss", "KiB", "hardened", 22_400, -20.0, -21.0, -19.1, null));
        rows.add(row(
                h5,
                "throughput",
                "msg/s",
                "traced",
                48_250,
                0.5,
                -3.0,
                4.1,
                null,
                "fewer than 10 runs: the interval may be too narrow"));
        rows.add(row(h5, "wall", "s", "traced", 1.85, 150.2, 140.3, 160.9, null));
        rows.add(row(h5, "max_rss", "KiB", "traced", 22_400, 0.3, -0.2, 0.8, null));
        String h15 = hb15.name();
        rows.add(row(h15, "throughput", "msg/s", "hardened", 52_900, -7.5, -9.0, -6.0, null));
        rows.add(row(h15, "wall", "s", "hardened", 5.12, 8.0, 6.1, 9.9, null));
        rows.add(row(h15, "max_rss", "KiB", "hardened", 61_800, -18.2, -19.0, -17.5, null));
        rows.add(row(h15, "throughput", "msg/s", "traced", 52_900, 2.0, 1.2, 2.8, null));
        rows.add(row(h15, "wall", "s", "traced", 5.12, 120.0, 110.0, 130.0, null));
        rows.add(row(h15, "max_rss", "KiB", "traced", 61_800, -0.2, -0.6, 0.3, null));

        Map<String, Object> options = new LinkedHashMap<>();
        options.put("runs", 6);
        options.put("warmup", 1);
        options.put("order", "randomized");
        options.put("threshold", "1%");
        options.put("confidence", 0.95);
        options.put("primary", "wall");
        Map<String, Object> env = new LinkedHashMap<>();
        // the shape of `overhead env --format json` (sysinfo's EnvironmentProbe)
        Map<String, Object> cpu = new LinkedHashMap<>(); // insertion order: Map.of's order changes per JVM
        cpu.put("model_name", "Intel(R) Xeon(R) Gold 6230R CPU @ 2.10GHz");
        cpu.put("logical_cpus", 2);
        env.put("cpu", cpu);
        env.put("memory", Map.of("total_kib", 24683548));
        env.put("os", Map.of("pretty_name", "Debian GNU/Linux 12 (bookworm)"));
        env.put("kernel", Map.of("release", "6.1.0-27-amd64"));
        env.put("virtualization", Map.of("systemd_detect_virt", "kvm"));
        env.put("load", Map.of("load_1m", 1.8));
        StudyResult study = new StudyResult(
                new StudyInfo(
                        "20261202-100000-a1b2",
                        "malloc-hardening",
                        Instant.parse("2026-12-02T10:00:00Z"),
                        StudySettingsCodec.read(options)),
                env,
                workloads,
                rows,
                List.of(
                        "the machine was busy at the start: load average 1.8 on 2 cores",
                        "the cpufreq governor is 'powersave': frequencies vary between runs"),
                List.of());
        // the spreads are the analysis's own summaries of these runs, as in a real study
        return study.withSummaries(Summaries.of(study, 0.95));
    }

    private static Workload hackbench(String groups) {
        return new Workload(
                "hackbench[groups=" + groups + "]",
                List.of("hackbench", "-s", "4096", "-l", "2000", "-g", groups, "-f", "25", "-P"),
                false,
                Map.of("groups", groups),
                List.of(),
                List.of(THROUGHPUT));
    }

    private static WorkloadResult workload(
            Workload w, double wall, double sys, long rss, int[] sequence, Map<String, Double> slowdown) {
        List<Variant> variants = List.of(GLIBC, HARDENED, TRACED);
        List<List<Run>> runs = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int round = 0; round < JITTER.length; round++) {
            for (int j = 0; j < variants.size(); j++) {
                // a fixed rotation stands in for the random order within each round
                int v = (j + round) % variants.size();
                double change = 1 + slowdown.getOrDefault(variants.get(v).name(), 0.0) / 100;
                double jitter = 1 + JITTER[(round + v) % JITTER.length] / 100;
                double rssFactor = variants.get(v) == HARDENED ? 0.555 : 1.0;
                int seq = sequence[0]++;
                Map<String, Double> metrics =
                        w.metrics().isEmpty() ? Map.of() : Map.of("throughput", 48_250 * 1.85 / wall / change / jitter);
                runs.get(v)
                        .add(new Run(
                                round,
                                seq,
                                round,
                                Instant.parse("2026-12-02T10:00:00Z").plusSeconds(seq * 2L),
                                0,
                                null,
                                false,
                                wall * change * jitter,
                                wall * 0.7 * change * jitter,
                                sys * jitter,
                                Math.round(rss * rssFactor * jitter),
                                true,
                                1_312 + round,
                                0,
                                2 + round,
                                round % 2,
                                0,
                                8,
                                metrics,
                                null,
                                null));
            }
        }
        List<VariantResult> results = new ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            results.add(new VariantResult(variants.get(v), runs.get(v)));
        }
        return new WorkloadResult(w, results);
    }

    private static ComparisonRow row(
            String workload,
            String metric,
            String unit,
            String candidate,
            double base,
            double change,
            double low,
            double high,
            Integer runsNeeded,
            String... warnings) {
        Direction better = metric.equals("throughput") ? Direction.HIGHER : Direction.LOWER;
        var verdict = Verdicts.decide(low, high, better, 1.0);
        Comparison c = new Comparison(
                better,
                6,
                6,
                base,
                base * (1 + change / 100),
                change,
                low,
                high,
                verdict.decisive() ? 0.0004 : 0.31,
                "ratio of geometric means, welch-t on log values",
                verdict,
                verdict.decisive() ? null : runsNeeded,
                List.of(warnings),
                null,
                null);
        return new ComparisonRow(workload, metric, unit, "glibc", candidate, c);
    }
}
