package dev.overhead.interop;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.RunColumns;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Direction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Sample files (docs/cli.md, "Sample files"): a header, then one value per row, {@code workload,variant,metric,value}
 * with optional {@code better} and {@code unit} columns, in any order. The k-th value of each metric
 * of a workload and variant belongs to its k-th run.
 *
 * <p>A built-in metric name (wall, user, sys, max_rss, ...) means that figure; a built-in whose
 * values do not cover every run of its workload is kept as a read metric of the same name, so that
 * a missing value stays missing instead of becoming 0.
 */
public final class SampleCsv {
    private SampleCsv() {}

    /** The values of one metric of one workload and variant, in row order, unboxed. */
    static final class Values {
        private double[] values = new double[16];
        private int size;

        void add(double x) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            values[size++] = x;
        }

        int size() {
            return size;
        }

        double[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }

    /** The columns a row is read from, in the order of their slots in {@link CsvRows}. */
    private static final String[] USED = {"workload", "variant", "metric", "value", "better", "unit"};

    private static final int WORKLOAD = 0;
    private static final int VARIANT = 1;
    private static final int METRIC = 2;
    private static final int VALUE = 3;
    private static final int BETTER = 4;
    private static final int UNIT = 5;

    /**
     * Reads the rows straight into unboxed columns: no row object, no list of lines, no String per
     * cell unless the cell differs from the row before (CsvRows), no boxed value, so 10⁶ rows a
     * variant cost their doubles and little more (issue 16.4).
     */
    public static StudyResult read(String text, String source) {
        // workload -> variant -> metric -> values, all in first-seen order
        Map<String, Map<String, Map<String, Values>>> data = new LinkedHashMap<>();
        Map<WorkloadMetric, MetricSpec> specs = new LinkedHashMap<>();
        Map<List<String>, MetricSpec> specOfCells = new HashMap<>(); // the same cells give the same spec
        Map<String, Integer> columns = null;
        CsvRows rows = new CsvRows(text, USED.length);
        boolean anyRow = false;
        // the previous row's cells, by slot, as text and as bytes (null before the first row)
        String[] last = new String[USED.length];
        byte[][] lastBytes = new byte[USED.length][];
        Values values = null;
        while (true) {
            if (rows.nextSameKey()) { // most lines: the previous row's cells but for the value
                double value = rows.number(VALUE);
                if (!Double.isFinite(value)) {
                    throw notANumber(source, rows.line(), rows.string(VALUE));
                }
                values.add(value);
                continue;
            }
            if (!rows.next()) {
                break;
            }
            int line = rows.line();
            if (columns == null) {
                columns = header(split(rows.lineText(), source, line), source, line);
                int[] slotOf = new int
                        [columns.values().stream().mapToInt(i -> i + 1).max().orElse(0)];
                java.util.Arrays.fill(slotOf, -1);
                for (int slot = 0; slot < USED.length; slot++) {
                    Integer i = columns.get(USED[slot]);
                    if (i != null) {
                        slotOf[i] = slot;
                    }
                }
                rows.slots(slotOf, VALUE);
                continue;
            }
            if (rows.sameKey()) { // every cell but the value is the previous row's, checked then
                double value = rows.number(VALUE);
                if (!Double.isFinite(value)) {
                    throw notANumber(source, line, rows.string(VALUE));
                }
                values.add(value);
                continue;
            }
            rows.split(source);
            if (rows.count() < columns.size()) {
                throw new FormatException("%s line %d: expected %d columns (%s), found %d."
                        .formatted(source, line, columns.size(), String.join(",", columns.keySet()), rows.count()));
            }
            double value = rows.number(VALUE);
            if (!Double.isFinite(value)) {
                throw notANumber(source, line, rows.string(VALUE));
            }
            if (rows.isEmpty(WORKLOAD) || rows.isEmpty(VARIANT) || rows.isEmpty(METRIC)) {
                throw new FormatException(
                        "%s line %d: workload, variant and metric must not be empty.".formatted(source, line));
            }
            // Rows come in long runs of one metric: a cell equal to the previous row's is that String
            // again, and what was checked for it then holds.
            boolean sameWorkload = rows.matches(WORKLOAD, lastBytes[WORKLOAD]);
            boolean sameVariant = rows.matches(VARIANT, lastBytes[VARIANT]);
            boolean sameMetric = rows.matches(METRIC, lastBytes[METRIC]);
            boolean sameSpec = sameWorkload
                    && sameMetric
                    && rows.matches(BETTER, lastBytes[BETTER])
                    && rows.matches(UNIT, lastBytes[UNIT]);
            if (!(sameSpec && sameVariant)) {
                for (int slot : new int[] {WORKLOAD, VARIANT, METRIC, BETTER, UNIT}) {
                    if (!rows.matches(slot, lastBytes[slot])) {
                        last[slot] = rows.string(slot);
                        lastBytes[slot] = last[slot].getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    }
                }
            }
            String workload = last[WORKLOAD];
            String metric = last[METRIC];
            if (!sameSpec) {
                String better = last[BETTER];
                String unit = last[UNIT];
                List<String> specCells = List.of(metric, better, unit);
                MetricSpec spec = specOfCells.get(specCells);
                if (spec == null) {
                    spec = spec(metric, better, unit, source, line);
                    specOfCells.put(specCells, spec);
                }
                // direction and unit belong to (workload, metric): PTS calls dbench's MB/s and a build's
                // seconds both "value", one higher-is-better and one lower
                MetricSpec seen = specs.putIfAbsent(new WorkloadMetric(workload, metric), spec);
                if (seen != null
                        && (seen.better() != spec.better() || !seen.unit().equals(spec.unit()))) {
                    throw new FormatException(
                            "%s line %d: metric '%s' of workload '%s' was %s-is-better in %s before; give one direction and unit per workload and metric."
                                    .formatted(
                                            source,
                                            line,
                                            metric,
                                            workload,
                                            seen.better().word(),
                                            seen.unit().isEmpty() ? "no unit" : seen.unit()));
                }
            }
            if (values == null || !(sameMetric && sameVariant && sameWorkload)) {
                values = data.computeIfAbsent(workload, k -> new LinkedHashMap<>())
                        .computeIfAbsent(last[VARIANT], k -> new LinkedHashMap<>())
                        .computeIfAbsent(metric, k -> new Values());
            }
            values.add(value);
            anyRow = true;
        }
        if (columns == null) {
            throw new FormatException(
                    source + " is empty: a sample file starts with the header workload,variant,metric,value.");
        }
        if (!anyRow) {
            throw new FormatException(source + " has a header but no rows of values.");
        }
        return build(data, specs, source);
    }

    private static FormatException notANumber(String source, int line, String cell) {
        return new FormatException(
                "%s line %d: '%s' is not a finite number; fix or remove that line.".formatted(source, line, cell));
    }

    static StudyResult build(
            Map<String, Map<String, Map<String, Values>>> data, Map<WorkloadMetric, MetricSpec> specs, String source) {
        List<WorkloadResult> workloads = new ArrayList<>();
        for (var w : data.entrySet()) {
            Imported.SpecSet used = new Imported.SpecSet();
            Map<String, Boolean> inFields = new HashMap<>();
            for (var v : w.getValue().values()) {
                int runs = v.values().stream().mapToInt(Values::size).max().orElse(0);
                for (var m : v.entrySet()) {
                    boolean full = m.getValue().size() == runs && storable(m.getKey());
                    inFields.merge(m.getKey(), full, Boolean::logicalAnd);
                }
            }
            for (var v : w.getValue().values()) {
                for (String metric : v.keySet()) {
                    MetricSpec spec = specs.get(new WorkloadMetric(w.getKey(), metric));
                    used.add(inFields.get(metric) ? spec : Imported.metric(metric, spec.better(), spec.unit()));
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
                RunColumns runs = new RunColumns(count, fields, metrics);
                variants.add(new VariantResult(Variant.plain(v.getKey()), runs));
            }
            workloads.add(
                    new WorkloadResult(Imported.workload(w.getKey(), List.of(), Map.of(), used.list()), variants));
        }
        return Imported.study(Imported.stem(source), Imported.stem(source), null, "csv", workloads, List.of());
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

    static MetricSpec spec(String metric, String better, String unit, String source, int line) {
        Direction direction;
        try {
            direction = better.isEmpty() ? Direction.LOWER : Direction.parse(better);
        } catch (IllegalArgumentException e) {
            throw new FormatException("%s line %d: %s.".formatted(source, line, e.getMessage()));
        }
        Optional<Metrics.Builtin> builtin = Metrics.builtin(metric);
        if (builtin.isEmpty()) {
            return Imported.metric(metric, direction, unit);
        }
        MetricSpec spec = builtin.get().spec();
        if (direction != spec.better() || !(unit.isEmpty() || unit.equals(spec.unit()))) {
            throw new FormatException(
                    "%s line %d: '%s' is a built-in metric, lower-is-better%s; give the figure another name or drop the better/unit cells."
                            .formatted(source, line, metric, spec.unit().isEmpty() ? "" : " in " + spec.unit()));
        }
        return builtin.get() == Metrics.Builtin.CPU ? Imported.metric("cpu", Direction.LOWER, "s") : spec;
    }

    static Map<String, Integer> header(List<String> cells, String source, int line) {
        Map<String, Integer> columns = new LinkedHashMap<>();
        for (int i = 0; i < cells.size(); i++) {
            columns.put(cells.get(i).strip().toLowerCase(Locale.ROOT), i);
        }
        for (String needed : List.of("workload", "variant", "metric", "value")) {
            if (!columns.containsKey(needed)) {
                throw new FormatException(
                        "%s line %d: the header has no '%s' column; a sample file starts with workload,variant,metric,value[,better][,unit]."
                                .formatted(source, line, needed));
            }
        }
        return columns;
    }

    /** A plain decimal, {@code [+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?} (checked on bytes by CsvRows). */
    static boolean plainNumber(String s) {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return CsvRows.plainNumber(b, 0, b.length);
    }

    /** One CSV line (RFC 4180 quoting; a quoted field does not span lines in sample files). */
    static List<String> split(String line, String source, int lineNumber) {
        if (line.indexOf('"') < 0) { // no quoting: cut at the commas
            List<String> cells = new ArrayList<>(6);
            int from = 0;
            for (int comma = line.indexOf(','); comma >= 0; comma = line.indexOf(',', from)) {
                cells.add(line.substring(from, comma));
                from = comma + 1;
            }
            cells.add(line.substring(from));
            return cells;
        }
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new FormatException("%s line %d: a quoted cell is not closed.".formatted(source, lineNumber));
        }
        cells.add(cell.toString());
        return cells;
    }

    /** True when the text starts like a sample file: its first non-blank line names the four columns. */
    static boolean looksLike(String text) {
        String first =
                text.lines().filter(l -> !l.isBlank()).findFirst().orElse("").toLowerCase(Locale.ROOT);
        return first.contains("workload")
                && first.contains("variant")
                && first.contains("metric")
                && first.contains("value")
                && first.contains(",");
    }
}
