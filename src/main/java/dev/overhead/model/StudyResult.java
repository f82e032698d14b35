package dev.overhead.model;

import java.util.List;
import java.util.Map;

/**
 * Everything a study produced: what renderers render, the store keeps and the JSON of docs/cli.md
 * holds.
 *
 * @param environment the machine, as {@code overhead env --format json} describes it (may be empty)
 * @param warnings    study-wide notes, rendered as footnotes (docs/architecture.md, Conventions)
 * @param summaries   each variant's spread per workload and metric, from the analysis (empty before it)
 */
public record StudyResult(
        StudyInfo info,
        Map<String, Object> environment,
        List<WorkloadResult> workloads,
        List<ComparisonRow> comparisons,
        List<String> warnings,
        List<VariantSummary> summaries) {

    public StudyResult {
        environment = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(environment));
        workloads = List.copyOf(workloads);
        comparisons = List.copyOf(comparisons);
        warnings = List.copyOf(warnings);
        summaries = List.copyOf(summaries);
    }

    public StudyResult withComparisons(List<ComparisonRow> rows, List<String> moreWarnings) {
        List<String> all = new java.util.ArrayList<>(warnings);
        moreWarnings.stream().filter(w -> !all.contains(w)).forEach(all::add);
        return new StudyResult(info, environment, workloads, rows, all, summaries);
    }

    /** This study with the analysis's summaries of its variants. */
    public StudyResult withSummaries(List<VariantSummary> described) {
        return new StudyResult(info, environment, workloads, comparisons, warnings, described);
    }

    /** The summary of one variant's metric on one workload, where the analysis made one. */
    public java.util.Optional<VariantSummary> summary(String workload, String variant, String metric) {
        return summaries.stream()
                .filter(s -> s.workload().equals(workload)
                        && s.variant().equals(variant)
                        && s.metric().equals(metric))
                .findFirst();
    }

    /** This study without the warnings {@code stale} picks (ones an analysis is about to write afresh). */
    public StudyResult withoutWarnings(java.util.function.Predicate<String> stale) {
        return new StudyResult(
                info,
                environment,
                workloads,
                comparisons,
                warnings.stream().filter(stale.negate()).toList(),
                summaries);
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
