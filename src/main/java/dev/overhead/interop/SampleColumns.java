package dev.overhead.interop;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.RunColumns;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link SampleCsv} reads, held as unboxed columns (workload, variant, metric: the values in row order
 * with each value's build, boot and round), and the study made from them: which built-ins become a run's own
 * figures, which stay read metrics, and each run's units.
 */
final class SampleColumns {
    private SampleColumns() {}

    /** The values of one metric of one workload and variant, in row order, unboxed. */
    static final class Values {
        private double[] values = new double[16];
        /** The build, boot and round of each value ({@link #NONE}: blank), or null where the file has no such columns. */
        private int[][] units;

        private int size;

        Values() {}

        Values(boolean units) {
            this.units = units ? new int[3][16] : null;
        }

        void add(double x) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = x;
        }

        /** A value with its build, boot and round ({@link #NONE} where a cell is blank or its column absent). */
        void add(double x, int build, int boot, int round) {
            if (units != null) {
                if (size == units[0].length) {
                    for (int i = 0; i < 3; i++) {
                        units[i] = java.util.Arrays.copyOf(units[i], size * 2);
                    }
                }
                units[0][size] = build;
                units[1][size] = boot;
                units[2][size] = round;
            }
            add(x);
        }

        /** The value's build (0), boot (1) or round (2); {@link #NONE} where it has none. */
        int unit(int which, int k) {
            return units == null ? NONE : units[which][k];
        }

        int size() {
            return size;
        }

        double[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }

    /** A blank build, boot or round cell, or a file without that column. */
    static final int NONE = Integer.MIN_VALUE;

    /** The optional columns that place a run: its build, its boot and its round, in this order. */
    static final List<String> UNIT_COLUMNS = List.of("build", "boot", "round");

    static StudyResult build(
            Map<String, Map<String, Map<String, Values>>> data, Map<WorkloadMetric, MetricSpec> specs, String source) {
        List<WorkloadResult> workloads = new ArrayList<>();
        for (var w : data.entrySet()) {
            Imported.SpecSet used = new Imported.SpecSet();
            Map<String, Boolean> inFields = new HashMap<>();
            for (var v : w.getValue().values()) {
                int runs = v.values().stream().mapToInt(Values::size).max().orElse(0);
                for (var m : v.entrySet()) {
                    boolean full = m.getValue().size() == runs
                            && storable(m.getKey())
                            && (!wholeField(m.getKey()) || whole(m.getValue()));
                    inFields.merge(m.getKey(), full, Boolean::logicalAnd);
                }
            }
            for (var v : w.getValue().values()) {
                for (String metric : v.keySet()) {
                    MetricSpec spec = specs.get(new WorkloadMetric(w.getKey(), metric));
                    used.add(inFields.get(metric) ? spec : Imported.read(spec));
                }
            }
            List<VariantResult> variants = new ArrayList<>();
            for (var v : w.getValue().entrySet()) {
                int count = v.getValue().values().stream()
                        .mapToInt(Values::size)
                        .max()
                        .orElse(0);
                double[][] fields = new double[Metrics.Builtin.values().length][];
                Map<String, double[]> metrics = new LinkedHashMap<>();
                for (var m : v.getValue().entrySet()) {
                    double[] column = m.getValue().toArray();
                    if (inFields.get(m.getKey())) {
                        fields[Metrics.builtin(m.getKey()).orElseThrow().ordinal()] = column;
                    } else {
                        metrics.put(m.getKey(), column);
                    }
                }
                int[][] units = units(v.getValue(), count, source, w.getKey(), v.getKey());
                RunColumns runs = new RunColumns(count, fields, metrics, units);
                variants.add(new VariantResult(Variant.plain(v.getKey()), runs));
            }
            workloads.add(
                    new WorkloadResult(Imported.workload(w.getKey(), List.of(), Map.of(), used.list()), variants));
        }
        return Imported.study(Imported.stem(source), Imported.stem(source), null, "csv", workloads, List.of());
    }

    /**
     * The build, boot and round of each of a variant's runs, from its metrics' values (the k-th value of
     * each metric is the k-th run's), each null where no value has one; null where the file has none.
     */
    private static int[][] units(
            Map<String, Values> metrics, int runs, String source, String workload, String variant) {
        if (metrics.values().stream().allMatch(v -> v.units == null)) {
            return null; // a file without build, boot and round columns: nothing to place, nothing to allocate
        }
        int[][] out = new int[3][];
        String[] from = new String[runs];
        for (int u = 0; u < 3; u++) {
            int[] column = new int[runs];
            java.util.Arrays.fill(column, NONE);
            boolean any = false;
            java.util.Arrays.fill(from, null);
            for (var m : metrics.entrySet()) {
                Values values = m.getValue();
                for (int k = 0; k < values.size(); k++) {
                    int x = values.unit(u, k);
                    if (x == NONE) {
                        continue;
                    }
                    any = true;
                    if (column[k] == NONE) {
                        column[k] = x;
                        from[k] = m.getKey();
                    } else if (column[k] != x) {
                        throw new FormatException(("%s: run %d of %s / %s is in %s %d by its %s value but in %s %d by"
                                        + " its %s value; the k-th value of each metric belongs to the k-th run, so"
                                        + " give each run one %s.")
                                .formatted(
                                        source,
                                        k + 1,
                                        workload,
                                        variant,
                                        UNIT_COLUMNS.get(u),
                                        column[k],
                                        from[k],
                                        UNIT_COLUMNS.get(u),
                                        x,
                                        m.getKey(),
                                        UNIT_COLUMNS.get(u)));
                    }
                }
            }
            out[u] = any ? column : null;
        }
        return out[0] == null && out[1] == null && out[2] == null ? null : out;
    }

    /** A built-in a run keeps as a whole number: the peak RSS and the counts of events. */
    private static boolean wholeField(String metric) {
        return Metrics.builtin(metric)
                .filter(b -> b != Metrics.Builtin.WALL && b != Metrics.Builtin.USER && b != Metrics.Builtin.SYS)
                .isPresent();
    }

    private static boolean whole(Values values) {
        for (int k = 0; k < values.size; k++) {
            if (values.values[k] != Math.rint(values.values[k]) || Math.abs(values.values[k]) > 1e15) {
                return false;
            }
        }
        return true;
    }

    /**
     * A map key, with equals and hashCode written out: a record's own are made at their first call by
     * {@code ObjectMethods}' method-handle bootstrap, which was a quarter of the CPU of {@code overhead
     * compare} of a small file (docs/performance.md, "Start-up").
     */
    record WorkloadMetric(String workload, String metric) {
        @Override
        public boolean equals(Object o) {
            return o instanceof WorkloadMetric w
                    && java.util.Objects.equals(workload, w.workload)
                    && java.util.Objects.equals(metric, w.metric);
        }

        @Override
        public int hashCode() {
            return 31 * java.util.Objects.hashCode(workload) + java.util.Objects.hashCode(metric);
        }
    }

    /**
     * Built-ins that have a field of their own in a run; {@code cpu} is derived, so it is kept as read,
     * and the CPU counters live in the run's metrics map.
     */
    private static boolean storable(String metric) {
        return Metrics.builtin(metric)
                .filter(b -> b != Metrics.Builtin.CPU && !b.counter())
                .isPresent();
    }
}
