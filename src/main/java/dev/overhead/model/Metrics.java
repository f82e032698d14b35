package dev.overhead.model;

import dev.overhead.stats.Direction;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The built-in metric names of docs/cli.md ("What one run records"), and the CPU counters of
 * {@code run --counters}; all lower-is-better.
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
        INSTRUCTIONS("instructions", "", r -> r.metrics().getOrDefault("instructions", 0.0)),
        CYCLES("cycles", "", r -> r.metrics().getOrDefault("cycles", 0.0));

        private final String metricName;
        private final String unit;
        private final ToDoubleFunction<Run> extractor;

        Builtin(String metricName, String unit, ToDoubleFunction<Run> extractor) {
            this.metricName = metricName;
            this.unit = unit;
            this.extractor = extractor;
        }

        public String metricName() {
            return metricName;
        }

        public double extract(Run run) {
            return extractor.applyAsDouble(run);
        }

        /** A CPU counter: kept in the run's metrics map, not in a field of its own. */
        public boolean counter() {
            return this == INSTRUCTIONS || this == CYCLES;
        }

        /** A count of events per run: small integers with ties and zeros, compared by their mean. */
        public boolean count() {
            return switch (this) {
                case MINOR_FAULTS, MAJOR_FAULTS, VOLUNTARY_CS, INVOLUNTARY_CS, FS_IN, FS_OUT -> true;
                default -> false;
            };
        }

        public MetricSpec spec() {
            return new MetricSpec(metricName, Direction.LOWER, unit, null);
        }
    }

    public static Optional<Builtin> builtin(String name) {
        return Optional.ofNullable(BY_NAME.get(name)); // asked once per run and metric: a map, not a scan
    }

    private static final java.util.Map<String, Builtin> BY_NAME = java.util.Arrays.stream(Builtin.values())
            .collect(java.util.stream.Collectors.toUnmodifiableMap(b -> b.metricName, b -> b));

    /**
     * Names a parsed metric may not take (docs/reliability.md, case 4: {@code --metric 'wall=(\\d+)'} silently replaced
     * the real wall time): the built-ins, and the process-tree and pressure names of docs/cli.md,
     * both as metric names and as the keys runs store them under.
     */
    public static final java.util.Set<String> RESERVED = reserved();

    private static java.util.Set<String> reserved() {
        java.util.Set<String> names = new java.util.TreeSet<>();
        Arrays.stream(Builtin.values()).forEach(b -> names.add(b.metricName));
        names.addAll(List.of(
                "tree_mem",
                "tree_cpu",
                "tree_io_read",
                "tree_io_write",
                "psi_cpu",
                "psi_mem",
                "psi_io",
                "tree_peak_mem_kib",
                "tree_cpu_s",
                "tree_io_read_bytes",
                "tree_io_write_bytes",
                "psi_cpu_s",
                "psi_mem_s",
                "psi_io_s"));
        return java.util.Collections.unmodifiableSet(names);
    }

    public static boolean reserved(String name) {
        return RESERVED.contains(name);
    }

    public static List<MetricSpec> builtins() {
        return Arrays.stream(Builtin.values()).map(Builtin::spec).toList();
    }
}
