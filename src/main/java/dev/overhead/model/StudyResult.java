package dev.overhead.model;

import java.util.List;
import java.util.Map;

/**
 * Everything a study produced: what renderers render, the store keeps and the JSON of CONTRACT §4
 * holds.
 *
 * @param environment the machine, as {@code overhead env --format json} describes it (may be empty)
 * @param warnings    study-wide notes, rendered as footnotes (STYLE.md §3)
 */
public record StudyResult(
        StudyInfo info,
        Map<String, Object> environment,
        List<WorkloadResult> workloads,
        List<ComparisonRow> comparisons,
        List<String> warnings) {

    public StudyResult {
        environment = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(environment));
        workloads = List.copyOf(workloads);
        comparisons = List.copyOf(comparisons);
        warnings = List.copyOf(warnings);
    }

    public StudyResult withComparisons(List<ComparisonRow> rows, List<String> moreWarnings) {
        List<String> all = new java.util.ArrayList<>(warnings);
        moreWarnings.stream().filter(w -> !all.contains(w)).forEach(all::add);
        return new StudyResult(info, environment, workloads, rows, all);
    }

    /** This study with more warnings (those it has already are not repeated). */
    public StudyResult withWarnings(List<String> moreWarnings) {
        return withComparisons(comparisons, moreWarnings);
    }

    /** The variant names in the order they were declared (the first is the default baseline). */
    public List<String> variantNames() {
        return workloads.stream()
                .flatMap(w -> w.variants().stream())
                .map(VariantResult::name)
                .distinct()
                .toList();
    }
}
