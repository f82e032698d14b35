package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Small studies made by hand for the report's edge cases: comparisons given directly (the report
 * shows what the analysis computed; here nothing is computed), runs just enough for the summaries.
 */
final class Studies {
    private Studies() {}

    /** One comparison as the analysis would have produced it; the verdict follows from the interval. */
    record Row(
            String workload,
            String metric,
            String unit,
            String candidate,
            double base,
            double change,
            double low,
            double high,
            double p,
            Direction better) {
        Row(
                String workload,
                String metric,
                String unit,
                String candidate,
                double base,
                double change,
                double low,
                double high) {
            this(workload, metric, unit, candidate, base, change, low, high, Double.NaN, Direction.LOWER);
        }

        Row withP(double pValue) {
            return new Row(workload, metric, unit, candidate, base, change, low, high, pValue, better);
        }

        Row higherIsBetter() {
            return new Row(workload, metric, unit, candidate, base, change, low, high, p, Direction.HIGHER);
        }
    }

    static StudyResult study(String label, List<String> variants, List<Row> rows, String... warnings) {
        return study(label, variants, rows, Map.of(), List.of(warnings));
    }

    static StudyResult study(
            String label, List<String> variants, List<Row> rows, Map<String, Object> options, List<String> warnings) {
        Set<String> workloadNames = new LinkedHashSet<>();
        rows.forEach(r -> workloadNames.add(r.workload()));
        List<WorkloadResult> workloads = new ArrayList<>();
        for (String name : workloadNames) {
            List<MetricSpec> parsed = new ArrayList<>();
            Map<String, Double> bases = new LinkedHashMap<>();
            for (Row r : rows) {
                if (r.workload().equals(name)) {
                    bases.putIfAbsent(r.metric(), r.base());
                    if (Metrics.builtin(r.metric()).isEmpty()
                            && parsed.stream().noneMatch(m -> m.name().equals(r.metric()))) {
                        parsed.add(new MetricSpec(r.metric(), r.better(), r.unit(), "x=([0-9.]+)"));
                    }
                }
            }
            Workload w = new Workload(name, List.of("bench", name), false, Map.of(), List.of(), parsed);
            List<VariantResult> results = new ArrayList<>();
            for (String v : variants) {
                List<Run> runs = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    double jitter = 1 + (i - 2) * 0.01;
                    Map<String, Double> metrics = new LinkedHashMap<>();
                    parsed.forEach(m -> metrics.put(m.name(), bases.get(m.name()) * jitter));
                    double wall = bases.getOrDefault("wall", 1.0) * jitter;
                    runs.add(new Run(
                            i,
                            i,
                            i,
                            Instant.EPOCH,
                            0,
                            null,
                            false,
                            wall,
                            wall * 0.5,
                            wall * 0.1,
                            4096,
                            true,
                            100 + i,
                            0,
                            1,
                            1,
                            0,
                            0,
                            metrics,
                            null,
                            null));
                }
                results.add(new VariantResult(Variant.plain(v), runs));
            }
            workloads.add(new WorkloadResult(w, results));
        }
        List<ComparisonRow> comparisons = new ArrayList<>();
        for (Row r : rows) {
            if (r.candidate() == null) {
                continue; // a row only to give the workload a metric: nothing compared
            }
            var verdict = Verdicts.decide(r.low(), r.high(), r.better(), 1.0);
            double p = Double.isNaN(r.p()) ? (verdict.decisive() ? 0.0004 : 0.4) : r.p();
            Comparison c = new Comparison(
                    r.better(),
                    5,
                    5,
                    r.base(),
                    r.base() * (1 + r.change() / 100),
                    r.change(),
                    r.low(),
                    r.high(),
                    p,
                    "ratio of geometric means, welch-t on log values",
                    verdict,
                    verdict.decisive() ? null : 30,
                    List.of(),
                    null,
                    null);
            comparisons.add(
                    new ComparisonRow(r.workload(), r.metric(), r.unit(), variants.getFirst(), r.candidate(), c));
        }
        StudyResult s = new StudyResult(
                new StudyInfo(label, label, Instant.parse("2026-12-03T09:00:00Z"), StudySettingsCodec.read(options)),
                Map.of(),
                workloads,
                comparisons,
                warnings,
                List.of());
        return s.withSummaries(Summaries.of(s, 0.95));
    }
}
