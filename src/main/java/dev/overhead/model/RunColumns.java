package dev.overhead.model;

import java.util.AbstractList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.RandomAccess;

/**
 * The runs of one variant read from a sample file, held as one array of values per column: an
 * immutable list whose {@link Run}s are made when asked for. A million runs as records take 128
 * bytes each; as columns, 8 bytes a value (10⁶ runs a variant compared in under 512 MB: docs/performance.md).
 * Imported runs have no sequence, start time or failure, so nothing else needs keeping but, where the
 * file gives them, each run's build, boot and round (docs/interop.md).
 */
public final class RunColumns extends AbstractList<Run> implements RandomAccess {
    private final int size;
    private final double[][] fields;
    private final String[] names;
    private final double[][] metrics;
    /** build, boot, round: each null where no run has one; {@link #NONE} in a run without one. */
    private final int[][] units;

    /** A run's build, boot or round that the file does not give. */
    public static final int NONE = Integer.MIN_VALUE;

    public RunColumns(int size, double[][] fields, Map<String, double[]> metrics) {
        this(size, fields, metrics, null);
    }

    /**
     * @param fields  by {@link Metrics.Builtin} ordinal, the values of that built-in field (null: 0 in
     *                every run); each as long as {@code size}
     * @param metrics the figures kept in each run's metrics map, in the map's order; a column shorter
     *                than {@code size} leaves the later runs without that metric
     * @param units   the build, boot and round of each run ({@link #NONE}: none), each column null where
     *                no run has one; null where the file has none of them
     */
    public RunColumns(int size, double[][] fields, Map<String, double[]> metrics, int[][] units) {
        this.units = units == null ? new int[3][] : units.clone();
        this.size = size;
        this.fields = fields.clone();
        this.names = metrics.keySet().toArray(new String[0]);
        this.metrics = metrics.values().toArray(new double[0][]);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Run get(int k) {
        if (k < 0 || k >= size) {
            throw new IndexOutOfBoundsException(k);
        }
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            if (k < metrics[i].length) {
                m.put(names[i], metrics[i][k]);
            }
        }
        for (Metrics.Builtin b : Metrics.Builtin.values()) { // the process tree's figures live in the map
            if (b.key() != null && !b.counter() && fields[b.ordinal()] != null) {
                m.put(b.key(), fields[b.ordinal()][k]);
            }
        }
        int round = unit(2, k);
        int build = unit(0, k);
        int boot = unit(1, k);
        return new Run(
                k,
                -1,
                round == NONE ? -1 : round,
                null,
                0,
                null,
                false,
                field(Metrics.Builtin.WALL, k),
                field(Metrics.Builtin.USER, k),
                field(Metrics.Builtin.SYS, k),
                Math.round(field(Metrics.Builtin.MAX_RSS, k)),
                true,
                Math.round(field(Metrics.Builtin.MINOR_FAULTS, k)),
                Math.round(field(Metrics.Builtin.MAJOR_FAULTS, k)),
                Math.round(field(Metrics.Builtin.VOLUNTARY_CS, k)),
                Math.round(field(Metrics.Builtin.INVOLUNTARY_CS, k)),
                Math.round(field(Metrics.Builtin.FS_IN, k)),
                Math.round(field(Metrics.Builtin.FS_OUT, k)),
                m,
                build == NONE ? null : build,
                boot == NONE ? null : boot);
    }

    private int unit(int which, int k) {
        return units[which] == null ? NONE : units[which][k];
    }

    /** True where some run has a build or a boot: the study's interval is then over those units. */
    public boolean hasBuildsOrBoots() {
        return units[0] != null || units[1] != null;
    }

    /** True where some run has a round: its values pair with the other variants' of that round. */
    public boolean hasRounds() {
        return units[2] != null;
    }

    /**
     * The first run whose wall, user or sys time or one of its metrics is not a finite number, or
     * -1: what interop.Formats checks of every run, read from the columns instead of making each run.
     */
    public int firstNotFinite() {
        int first = -1;
        for (Metrics.Builtin b :
                new Metrics.Builtin[] {Metrics.Builtin.WALL, Metrics.Builtin.USER, Metrics.Builtin.SYS}) {
            first = earlier(first, fields[b.ordinal()]);
        }
        for (double[] column : metrics) {
            first = earlier(first, column);
        }
        return first;
    }

    private static int earlier(int first, double[] column) {
        int end = column == null ? 0 : first < 0 ? column.length : Math.min(first, column.length);
        for (int k = 0; k < end; k++) {
            if (!Double.isFinite(column[k])) {
                return k;
            }
        }
        return first;
    }

    private double field(Metrics.Builtin b, int k) {
        double[] column = fields[b.ordinal()];
        return column == null ? 0 : column[k];
    }

    /**
     * What {@link VariantResult#values} gives, read from the columns without making a run each: a
     * parsed metric's column, or a built-in field's (rounded where the run keeps a whole number);
     * null for the figures derived from several (cpu, the counters), which take the general path.
     */
    double[] values(MetricSpec metric) {
        if (metric.parsed()) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(metric.name())) {
                    return metrics[i].clone();
                }
            }
            return new double[0];
        }
        Metrics.Builtin b = Metrics.builtin(metric.name()).orElse(null);
        if (b == null || b == Metrics.Builtin.CPU || b.counter()) {
            return null;
        }
        double[] out = new double[size];
        double[] column = fields[b.ordinal()];
        if (column != null) {
            boolean whole = !(b == Metrics.Builtin.WALL || b == Metrics.Builtin.USER || b == Metrics.Builtin.SYS);
            for (int k = 0; k < size; k++) {
                out[k] = whole ? Math.round(column[k]) : column[k];
            }
        }
        return out;
    }
}
