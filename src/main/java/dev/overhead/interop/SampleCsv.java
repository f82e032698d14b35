package dev.overhead.interop;

import static dev.overhead.interop.SampleColumns.NONE;
import static dev.overhead.interop.SampleColumns.UNIT_COLUMNS;

import dev.overhead.interop.SampleColumns.Values;
import dev.overhead.interop.SampleColumns.WorkloadMetric;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.StudyResult;
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
 * with optional {@code better} and {@code unit} columns, and optional {@code build}, {@code boot} and
 * {@code round} columns (whole numbers: the units of a hierarchical interval and the pairing by round,
 * docs/interop.md), in any order. The k-th value of each metric of a workload and variant belongs to its
 * k-th run.
 *
 * <p>A built-in metric name (wall, user, sys, max_rss, ...) means that figure, and its values may not be
 * negative. A built-in whose values do not cover every run of its workload, or a count (faults, context
 * switches, blocks, peak RSS) with a value that is not a whole number (a mean of per-iteration counts),
 * is kept as a read metric of the same name and kind, so that a missing value stays missing instead of
 * becoming 0 and 2.4 faults stay 2.4 instead of becoming 2.
 */
public final class SampleCsv {
    private SampleCsv() {}

    /** The columns a row is read from, in the order of their slots in {@link CsvRows}. */
    private static final String[] USED = {
        "workload", "variant", "metric", "value", "better", "unit", "build", "boot", "round"
    };

    private static final int WORKLOAD = 0;
    private static final int VARIANT = 1;
    private static final int METRIC = 2;
    private static final int VALUE = 3;
    private static final int BETTER = 4;
    private static final int UNIT = 5;
    private static final int BUILD = 6;

    /**
     * Reads the rows straight into unboxed columns: no row object, no list of lines, no String per
     * cell unless the cell differs from the row before (CsvRows), no boxed value, so 10⁶ rows a
     * variant cost their doubles and little more (docs/performance.md, "Analysis at scale").
     */
    public static StudyResult read(String text, String source) {
        return read(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), source);
    }

    /** The same from the file's UTF-8 bytes, which are read in place (the caller has checked they are UTF-8). */
    static StudyResult read(byte[] text, String source) {
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
        boolean builtin = false; // the values being read are a built-in figure's: never negative
        boolean withUnits = false; // the header names build, boot or round
        int[] units = {NONE, NONE, NONE}; // the current row's build, boot and round
        while (true) {
            if (rows.nextSameKey()) { // most lines: the previous row's cells but for the value
                double value = rows.number(VALUE);
                if (!Double.isFinite(value)) {
                    throw notANumber(source, rows.line(), rows.string(VALUE));
                }
                if (builtin && value < 0) {
                    throw negative(source, rows.line(), last[METRIC], rows.string(VALUE));
                }
                values.add(value, units[0], units[1], units[2]);
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
                withUnits = UNIT_COLUMNS.stream().anyMatch(columns::containsKey);
                continue;
            }
            if (rows.sameKey()) { // every cell but the value is the previous row's, checked then
                double value = rows.number(VALUE);
                if (!Double.isFinite(value)) {
                    throw notANumber(source, line, rows.string(VALUE));
                }
                if (builtin && value < 0) {
                    throw negative(source, line, last[METRIC], rows.string(VALUE));
                }
                values.add(value, units[0], units[1], units[2]);
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
                boolean unitColumns = withUnits;
                values = data.computeIfAbsent(workload, k -> new LinkedHashMap<>())
                        .computeIfAbsent(last[VARIANT], k -> new LinkedHashMap<>())
                        .computeIfAbsent(metric, k -> new Values(unitColumns));
                builtin = Metrics.builtin(metric).isPresent();
            }
            if (builtin && value < 0) {
                throw negative(source, line, metric, rows.string(VALUE));
            }
            for (int u = 0; u < 3; u++) {
                units[u] = unit(rows.string(BUILD + u), UNIT_COLUMNS.get(u), source, line);
            }
            values.add(value, units[0], units[1], units[2]);
            anyRow = true;
        }
        if (columns == null) {
            throw new FormatException(
                    source + " is empty: a sample file starts with the header workload,variant,metric,value.");
        }
        if (!anyRow) {
            throw new FormatException(source + " has a header but no rows of values.");
        }
        return SampleColumns.build(data, specs, source);
    }

    /**
     * A built-in figure below zero: a time, a size or a count of events cannot be, and
     * read as it stands it turned a lower figure into a "worse" one of +167%.
     */
    static FormatException negative(String source, int line, String metric, String cell) {
        return new FormatException(("%s line %d: %s is %s, but the built-in metric %s (a time, size or count) cannot"
                        + " be negative; fix that line, or give the figure a name of its own if it can be.")
                .formatted(source, line, metric, cell.strip(), metric));
    }

    /** A build, boot or round cell: a whole number, or blank ({@link SampleColumns#NONE}). */
    static int unit(String cell, String column, String source, int line) {
        String t = cell.strip();
        if (t.isEmpty()) {
            return NONE;
        }
        if (!t.matches("[0-9]{1,9}")) {
            throw new FormatException(
                    "%s line %d: %s '%s' is not a whole number from 0 to 999999999; a run's %s is written as one."
                            .formatted(source, line, column, t, column));
        }
        return Integer.parseInt(t);
    }

    private static FormatException notANumber(String source, int line, String cell) {
        return new FormatException(
                "%s line %d: '%s' is not a finite number; fix or remove that line.".formatted(source, line, cell));
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
