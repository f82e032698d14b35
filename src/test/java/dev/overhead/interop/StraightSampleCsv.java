package dev.overhead.interop;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.StudyResult;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sample CSV reader as it was before CsvRows (commit f7feb68): a String per line and per cell,
 * each cell stripped, every value through Double.parseDouble. Kept as the reference the fast reader
 * must agree with, value for value and message for message (SampleCsvAgreementTest).
 */
final class StraightSampleCsv {
    private StraightSampleCsv() {}

    static StudyResult read(String text, String source) {
        Map<String, Map<String, Map<String, SampleColumns.Values>>> data = new LinkedHashMap<>();
        Map<SampleColumns.WorkloadMetric, MetricSpec> specs = new LinkedHashMap<>();
        Map<List<String>, MetricSpec> specOfCells = new HashMap<>();
        Map<String, Integer> columns = null;
        boolean anyRow = false;
        String[] lastRow = null;
        SampleColumns.Values last = null;
        int pos = 0;
        int lineIndex = -1;
        while (pos <= text.length()) {
            int newline = text.indexOf('\n', pos);
            int end = newline < 0 ? text.length() : newline;
            int stop = newline >= 0 && end > pos && text.charAt(end - 1) == '\r' ? end - 1 : end;
            String text1 = text.substring(pos, stop);
            pos = end + 1;
            lineIndex++;
            if (text1.isBlank()) {
                if (newline < 0) {
                    break;
                }
                continue;
            }
            int line = lineIndex + 1;
            if (columns == null) {
                columns = SampleCsv.header(SampleCsv.split(text1, source, line), source, line);
                continue;
            }
            List<String> cells = SampleCsv.split(text1, source, line);
            if (cells.size() < columns.size()) {
                throw new FormatException("%s line %d: expected %d columns (%s), found %d."
                        .formatted(source, line, columns.size(), String.join(",", columns.keySet()), cells.size()));
            }
            String metric = cell(cells, columns, "metric");
            String number = cell(cells, columns, "value");
            double value;
            try {
                value = SampleCsv.plainNumber(number.strip()) ? Double.parseDouble(number) : Double.NaN;
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
            String better = cell(cells, columns, "better");
            String unit = cell(cells, columns, "unit");
            boolean sameSpec = lastRow != null
                    && workload.equals(lastRow[0])
                    && metric.equals(lastRow[2])
                    && better.equals(lastRow[3])
                    && unit.equals(lastRow[4]);
            MetricSpec spec = null;
            if (!sameSpec) {
                List<String> specCells = List.of(metric, better, unit);
                spec = specOfCells.get(specCells);
                if (spec == null) {
                    spec = SampleCsv.spec(metric, better, unit, source, line);
                    specOfCells.put(specCells, spec);
                }
            }
            MetricSpec seen =
                    sameSpec ? null : specs.putIfAbsent(new SampleColumns.WorkloadMetric(workload, metric), spec);
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
            if (lastRow == null
                    || !(metric.equals(lastRow[2]) && variant.equals(lastRow[1]) && workload.equals(lastRow[0]))) {
                boolean withUnits = SampleColumns.UNIT_COLUMNS.stream().anyMatch(columns::containsKey);
                last = data.computeIfAbsent(workload, k -> new LinkedHashMap<>())
                        .computeIfAbsent(variant, k -> new LinkedHashMap<>())
                        .computeIfAbsent(metric, k -> new SampleColumns.Values(withUnits));
            }
            if (dev.overhead.model.Metrics.builtin(metric).isPresent() && value < 0) {
                throw SampleCsv.negative(source, line, metric, number);
            }
            int[] units = new int[3];
            for (int u = 0; u < 3; u++) {
                String column = SampleColumns.UNIT_COLUMNS.get(u);
                units[u] = SampleCsv.unit(cell(cells, columns, column), column, source, line);
            }
            last.add(value, units[0], units[1], units[2]);
            lastRow = new String[] {workload, variant, metric, better, unit};
            anyRow = true;
            if (newline < 0) {
                break;
            }
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

    private static String cell(List<String> cells, Map<String, Integer> columns, String name) {
        Integer i = columns.get(name);
        if (i == null || i >= cells.size()) {
            return "";
        }
        return cells.get(i).strip();
    }
}
