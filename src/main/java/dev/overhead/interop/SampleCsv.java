package dev.overhead.interop;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.Run;
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

    private record Row(String workload, String variant, String metric, double value, int line) {}

    public static StudyResult read(String text, String source) {
        String[] lines = text.split("\r?\n", -1);
        int headerLine = 0;
        while (headerLine < lines.length && lines[headerLine].isBlank()) {
            headerLine++;
        }
        if (headerLine == lines.length) {
            throw new FormatException(
                    source + " is empty: a sample file starts with the header workload,variant,metric,value.");
        }
        Map<String, Integer> columns = header(split(lines[headerLine], source, headerLine + 1), source, headerLine + 1);
        Map<WorkloadMetric, MetricSpec> specs = new LinkedHashMap<>();
        List<Row> rows = new ArrayList<>();
        for (int i = headerLine + 1; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            int line = i + 1;
            List<String> cells = split(lines[i], source, line);
            if (cells.size() < columns.size()) {
                throw new FormatException("%s line %d: expected %d columns (%s), found %d."
                        .formatted(source, line, columns.size(), String.join(",", columns.keySet()), cells.size()));
            }
            String metric = cell(cells, columns, "metric");
            String number = cell(cells, columns, "value");
            double value;
            try {
                // plain decimals only: Java also reads NaN, Infinity, 0x1p3 and 1d, and 1e999999 overflows
                value = PLAIN_NUMBER.matcher(number.strip()).matches() ? Double.parseDouble(number) : Double.NaN;
            } catch (NumberFormatException e) {
                value = Double.NaN;
            }
            if (!Double.isFinite(value)) {
                throw new FormatException("%s line %d: '%s' is not a finite number; fix or remove that line."
                        .formatted(source, line, number));
            }
            String workload = cell(cells, columns, "workload");
            String variant = cell(cells, columns, "variant");
            if (workload.isEmpty() || variant.isEmpty() || metric.isEmpty()) {
                throw new FormatException(
                        "%s line %d: workload, variant and metric must not be empty.".formatted(source, line));
            }
            MetricSpec spec = spec(metric, cell(cells, columns, "better"), cell(cells, columns, "unit"), source, line);
            // direction and unit belong to (workload, metric): PTS calls dbench's MB/s and a build's
            // seconds both "value", one higher-is-better and one lower
            MetricSpec seen = specs.putIfAbsent(new WorkloadMetric(workload, metric), spec);
            if (seen != null && (seen.better() != spec.better() || !seen.unit().equals(spec.unit()))) {
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
            rows.add(new Row(workload, variant, metric, value, line));
        }
        if (rows.isEmpty()) {
            throw new FormatException(source + " has a header but no rows of values.");
        }
        return build(rows, specs, source);
    }

    private static StudyResult build(List<Row> rows, Map<WorkloadMetric, MetricSpec> specs, String source) {
        // workload -> variant -> metric -> values, all in first-seen order
        Map<String, Map<String, Map<String, List<Double>>>> data = new LinkedHashMap<>();
        for (Row r : rows) {
            data.computeIfAbsent(r.workload(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(r.variant(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(r.metric(), k -> new ArrayList<>())
                    .add(r.value());
        }
        List<WorkloadResult> workloads = new ArrayList<>();
        for (var w : data.entrySet()) {
            Imported.SpecSet used = new Imported.SpecSet();
            Map<String, Boolean> inFields = new HashMap<>();
            for (var v : w.getValue().values()) {
                int runs = v.values().stream().mapToInt(List::size).max().orElse(0);
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
                        .mapToInt(List::size)
                        .max()
                        .orElse(0);
                List<Run> runs = new ArrayList<>();
                for (int k = 0; k < count; k++) {
                    runs.add(run(k, v.getValue(), inFields));
                }
                variants.add(new VariantResult(Variant.plain(v.getKey()), runs));
            }
            workloads.add(
                    new WorkloadResult(Imported.workload(w.getKey(), List.of(), Map.of(), used.list()), variants));
        }
        return Imported.study(Imported.stem(source), Imported.stem(source), null, "csv", workloads, List.of());
    }

    private record WorkloadMetric(String workload, String metric) {}

    private static Run run(int k, Map<String, List<Double>> values, Map<String, Boolean> inFields) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        double[] f = new double[Metrics.Builtin.values().length];
        for (var m : values.entrySet()) {
            if (k >= m.getValue().size()) {
                continue;
            }
            double x = m.getValue().get(k);
            if (inFields.get(m.getKey())) {
                f[Metrics.builtin(m.getKey()).orElseThrow().ordinal()] = x;
            } else {
                metrics.put(m.getKey(), x);
            }
        }
        return new Run(
                k,
                -1,
                -1,
                null,
                0,
                null,
                false,
                f[Metrics.Builtin.WALL.ordinal()],
                f[Metrics.Builtin.USER.ordinal()],
                f[Metrics.Builtin.SYS.ordinal()],
                Math.round(f[Metrics.Builtin.MAX_RSS.ordinal()]),
                true,
                Math.round(f[Metrics.Builtin.MINOR_FAULTS.ordinal()]),
                Math.round(f[Metrics.Builtin.MAJOR_FAULTS.ordinal()]),
                Math.round(f[Metrics.Builtin.VOLUNTARY_CS.ordinal()]),
                Math.round(f[Metrics.Builtin.INVOLUNTARY_CS.ordinal()]),
                Math.round(f[Metrics.Builtin.FS_IN.ordinal()]),
                Math.round(f[Metrics.Builtin.FS_OUT.ordinal()]),
                metrics);
    }

    /**
     * Built-ins that have a field of their own in a run; {@code cpu} is derived, so it is kept as read,
     * and the CPU counters and the process tree's figures live in the run's metrics map.
     */
    private static boolean storable(String metric) {
        return Metrics.builtin(metric)
                .filter(b -> b != Metrics.Builtin.CPU && b.key() == null)
                .isPresent();
    }

    private static MetricSpec spec(String metric, String better, String unit, String source, int line) {
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

    private static Map<String, Integer> header(List<String> cells, String source, int line) {
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

    private static String cell(List<String> cells, Map<String, Integer> columns, String name) {
        Integer i = columns.get(name);
        return i == null || i >= cells.size() ? "" : cells.get(i).strip();
    }

    /** One CSV line (RFC 4180 quoting; a quoted field does not span lines in sample files). */
    private static final java.util.regex.Pattern PLAIN_NUMBER =
            java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    static List<String> split(String line, String source, int lineNumber) {
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
