package dev.overhead.verdicts;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Run;
import dev.overhead.model.RunColumns;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Hierarchical;
import dev.overhead.stats.Quantity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The outer level of a study's design, read from its runs: boots where runs record a boot, else
 * builds where they record a build (the outermost level that varies is the one the interval must
 * be computed at, docs/statistics.md, levels), else none.
 */
record Units(String design, Function<Run, Integer> unitOf) {
    static final String MERGED = "the variants come from separate studies, each run in one boot and one build: the"
            + " interval is over runs and cannot include the variation between boots or builds, which is often"
            + " larger than the change; for kernels or builds repeat the variants in one study (levels: {boot: N}"
            + " or {build: N})";

    /** The study's outer level, or null where its runs record neither builds nor boots. */
    static Units of(StudyResult study) {
        if (any(study, Run::boot)) {
            return new Units("boots", Run::boot);
        }
        if (any(study, Run::build)) {
            return new Units("builds", Run::build);
        }
        return null;
    }

    private static boolean any(StudyResult study, Function<Run, Integer> f) {
        return study.workloads().stream()
                .flatMap(w -> w.variants().stream())
                // imported: builds and boots only where the file gave them (a sample CSV's columns)
                .filter(v -> !(v.runs() instanceof RunColumns c) || c.hasBuildsOrBoots())
                .flatMap(v -> v.runs().stream())
                .anyMatch(r -> f.apply(r) != null);
    }

    /** The comparison at this level, from the run-level one the study's method made. */
    Comparison compare(
            VariantResult baseline,
            VariantResult candidate,
            MetricSpec metric,
            Quantity quantity,
            CompareOptions options,
            Comparison runLevel) {
        Map<String, Integer> units = new LinkedHashMap<>();
        units.put("build", Math.min(count(baseline, metric, Run::build), count(candidate, metric, Run::build)));
        units.put("boot", Math.min(count(baseline, metric, Run::boot), count(candidate, metric, Run::boot)));
        units.values().removeIf(n -> n == 0);
        return Hierarchical.compare(
                byUnit(baseline, metric), byUnit(candidate, metric), runLevel, quantity, options, design, units);
    }

    /** The metric's values of the runs that count, one array per unit, units in the order first seen. */
    List<double[]> byUnit(VariantResult variant, MetricSpec metric) {
        Map<Integer, List<Double>> by = new LinkedHashMap<>();
        for (Run r : variant.runs()) {
            if (r.failed() || unitOf.apply(r) == null) {
                continue;
            }
            metric.valueOf(r)
                    .ifPresent(x -> by.computeIfAbsent(unitOf.apply(r), k -> new ArrayList<>())
                            .add(x));
        }
        return by.values().stream()
                .map(l -> l.stream().mapToDouble(Double::doubleValue).toArray())
                .toList();
    }

    /** The geometric mean of each unit's values (a unit with a value at or below zero: its plain mean). */
    double[] geometricMeans(VariantResult variant, MetricSpec metric) {
        return byUnit(variant, metric).stream()
                .mapToDouble(v -> java.util.Arrays.stream(v).allMatch(x -> x > 0)
                        ? Math.exp(java.util.Arrays.stream(v)
                                .map(Math::log)
                                .average()
                                .orElse(0))
                        : java.util.Arrays.stream(v).average().orElse(0))
                .toArray();
    }

    private static int count(VariantResult variant, MetricSpec metric, Function<Run, Integer> f) {
        return (int) variant.runs().stream()
                .filter(r -> !r.failed() && metric.valueOf(r).isPresent())
                .map(f)
                .filter(Objects::nonNull)
                .distinct()
                .count();
    }
}
