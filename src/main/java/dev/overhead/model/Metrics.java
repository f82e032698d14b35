package dev.overhead.model;

import dev.overhead.stats.Direction;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The built-in metric names of docs/cli.md ("What one run records"), the CPU counters of
 * {@code run --counters} and the process tree's figures (measured in a cgroup made for the run);
 * all lower-is-better.
 */
public final class Metrics {
    private Metrics() {}

    /** A figure the operating system gives for every run. */
    public enum Builtin {
        WALL("wall", "s", Run::wallS),
        USER("user", "s", Run::userS),
        SYS("sys", "s", Run::sysS),
        CPU("cpu", "s", r -> r.userS() + r.sysS()),
        MAX_RSS("max_rss", "KiB", r -> r.maxRssKib()),
        MINOR_FAULTS("minor_faults", "", r -> r.minorFaults()),
        MAJOR_FAULTS("major_faults", "", r -> r.majorFaults()),
        VOLUNTARY_CS("voluntary_cs", "", r -> r.voluntaryCs()),
        INVOLUNTARY_CS("involuntary_cs", "", r -> r.involuntaryCs()),
        FS_IN("fs_in", "blocks", r -> r.fsInBlocks()),
        FS_OUT("fs_out", "blocks", r -> r.fsOutBlocks()),
        /** CPU counters ({@code run --counters}): kept in {@link Run#metrics()}, 0 where not counted. */
        INSTRUCTIONS("instructions", "", "instructions"),
        CYCLES("cycles", "", "cycles"),
        /** The whole process tree (docs/workloads.md): kept in {@link Run#metrics()}, absent where no cgroup was had. */
        TREE_MEM("tree_mem", "KiB", "tree_peak_mem_kib"),
        TREE_CPU("tree_cpu", "s", "tree_cpu_s"),
        TREE_IO_READ("tree_io_read", "B", "tree_io_read_bytes"),
        TREE_IO_WRITE("tree_io_write", "B", "tree_io_write_bytes"),
        PSI_CPU("psi_cpu", "s", "psi_cpu_s"),
        PSI_MEM("psi_mem", "s", "psi_mem_s"),
        PSI_IO("psi_io", "s", "psi_io_s");

        private final String metricName;
        private final String unit;
        private final ToDoubleFunction<Run> extractor;
        private final String key;

        Builtin(String metricName, String unit, ToDoubleFunction<Run> extractor) {
            this.metricName = metricName;
            this.unit = unit;
            this.extractor = extractor;
            this.key = null;
        }

        /** A figure kept in the run's metrics map under {@code key}, which a run may lack. */
        Builtin(String metricName, String unit, String key) {
            this.metricName = metricName;
            this.unit = unit;
            this.extractor = r -> r.metrics().getOrDefault(key, 0.0);
            this.key = key;
        }

        public String metricName() {
            return metricName;
        }

        /** The value in one run; 0 for a figure kept in the metrics map that the run lacks. */
        public double extract(Run run) {
            return extractor.applyAsDouble(run);
        }

        /** The value in one run, or empty where the run lacks it (a figure that could not be measured). */
        public java.util.Optional<Double> valueOf(Run run) {
            // The counters keep their first reading, 0 where not counted, which the exports were made with.
            return key == null || counter()
                    ? java.util.Optional.of(extractor.applyAsDouble(run))
                    : java.util.Optional.ofNullable(run.metrics().get(key));
        }

        /** The key a run's metrics map keeps this figure under; null for a figure with a field of its own. */
        public String key() {
            return key;
        }

        /** A CPU counter: kept in the run's metrics map, not in a field of its own. */
        public boolean counter() {
            return this == INSTRUCTIONS || this == CYCLES;
        }

        /** A count of events per run: small integers with ties and zeros, compared by their mean. */
        public boolean count() {
            // The tree's block I/O and the stall times are like the block counts: mostly zeros and ties.
            return switch (this) {
                case MINOR_FAULTS, MAJOR_FAULTS, VOLUNTARY_CS, INVOLUNTARY_CS, FS_IN, FS_OUT -> true;
                case TREE_IO_READ, TREE_IO_WRITE, PSI_CPU, PSI_MEM, PSI_IO -> true;
                default -> false;
            };
        }

        public MetricSpec spec() {
            return new MetricSpec(metricName, Direction.LOWER, unit, null);
        }
    }

    /** By name: looked up for every value of every run the statistics read, so not by a search. */
    private static final java.util.Map<String, Builtin> BY_NAME = Arrays.stream(Builtin.values())
            .collect(java.util.stream.Collectors.toUnmodifiableMap(Builtin::metricName, b -> b));

    public static Optional<Builtin> builtin(String name) {
        return Optional.ofNullable(name == null ? null : BY_NAME.get(name));
    }

    /**
     * Names a parsed metric may not take (docs/reliability.md, case 4: {@code --metric 'wall=(\\d+)'} silently replaced
     * the real wall time): the built-ins, and the process-tree and pressure names of docs/cli.md,
     * both as metric names and as the keys runs store them under.
     */
    public static final java.util.Set<String> RESERVED = reserved();

    private static java.util.Set<String> reserved() {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (Builtin b : Builtin.values()) {
            names.add(b.metricName);
            if (b.key != null) {
                names.add(b.key); // the process tree's and the pressure's keys in a run's metrics
            }
        }
        return java.util.Collections.unmodifiableSet(names);
    }

    public static boolean reserved(String name) {
        return RESERVED.contains(name);
    }

    public static List<MetricSpec> builtins() {
        return Arrays.stream(Builtin.values()).map(Builtin::spec).toList();
    }
}
