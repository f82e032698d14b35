package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantSummary;
import dev.overhead.model.WorkloadResult;
import dev.overhead.verdicts.Highlights;
import dev.overhead.verdicts.Judge;
import dev.overhead.verdicts.SummaryFamily;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which metrics a report shows for each workload ({@code --metrics}; by default the primary, then
 * those with a decisive verdict), and each workload's primary metric: the one asked for where the
 * workload has it, else (another tool's results) the workload's first metric.
 */
final class Shown {
    private final StudyResult study;
    private final RenderOptions options;
    private final String requested;

    Shown(StudyResult study, RenderOptions options, StudyFacts facts) {
        this.study = study;
        this.options = options;
        this.requested = facts.primary();
    }

    /** The metrics the workload is compared on, else (nothing compared) those summarised, in their order. */
    private List<String> known(WorkloadResult w) {
        Set<String> names = new LinkedHashSet<>();
        study.comparisons().stream().filter(r -> r.workload().equals(w.name())).forEach(r -> names.add(r.metric()));
        if (names.isEmpty()) { // nothing compared (one variant): the metrics the analysis summarised
            study.summaries().stream()
                    .filter(s -> s.workload().equals(w.name()))
                    .map(VariantSummary::metric)
                    .forEach(names::add);
        }
        return List.copyOf(names);
    }

    String primary(WorkloadResult w) {
        List<String> known = known(w);
        String asked = w.workload().primaryOr(requested); // a profile's or a plan's own primary
        if (study.comparisons().stream().anyMatch(r -> r.workload().equals(w.name()))) {
            return Highlights.primaryOf(study.comparisons(), w.name(), asked);
        }
        return known.contains(asked) || known.isEmpty() ? asked : known.getFirst();
    }

    /** The metric names shown for the workload, the primary first unless {@code --metrics} orders them. */
    List<String> metrics(WorkloadResult w) {
        List<String> known = known(w);
        String primary = primary(w);
        Set<String> out = new LinkedHashSet<>();
        if (!options.metrics().isEmpty() && !options.allMetrics()) {
            options.metrics().stream().filter(known::contains).forEach(out::add);
            if (out.isEmpty() && known.contains(primary)) {
                out.add(primary);
            }
            return List.copyOf(out);
        }
        if (known.contains(primary)) {
            out.add(primary);
        }
        for (String m : known) {
            boolean decisive = study.comparisons().stream()
                    .filter(r -> r.workload().equals(w.name()) && r.metric().equals(m))
                    .anyMatch(r -> r.comparison().verdict().decisive());
            boolean compared =
                    study.comparisons().stream().anyMatch(r -> r.workload().equals(w.name()));
            if (options.allMetrics() || decisive || !compared) { // one variant: all its figures
                out.add(m);
            }
        }
        return List.copyOf(out);
    }

    /** The rows of one candidate on the workload that the tables show, in the order of {@link #metrics}. */
    List<ComparisonRow> rows(WorkloadResult w, String candidate) {
        List<ComparisonRow> rows = Digest.rows(study, w.name(), candidate);
        List<ComparisonRow> out = new ArrayList<>();
        for (String m : metrics(w)) {
            rows.stream().filter(r -> r.metric().equals(m)).forEach(out::add);
        }
        return out;
    }

    /** Labels of the metrics compared but not shown by default (no decisive verdict). */
    List<String> hidden(WorkloadResult w) {
        if (!options.metrics().isEmpty()) {
            return List.of();
        }
        List<String> shown = metrics(w);
        return study.comparisons().stream()
                .filter(r -> r.workload().equals(w.name()))
                .map(ComparisonRow::metric)
                .distinct()
                .filter(m -> !shown.contains(m))
                .map(Labels::metric)
                .toList();
    }

    /**
     * The summary's rows as it shows them (verdicts.SummaryFamily): for each workload and candidate
     * its primary, the other metrics the tables show beside a primary that is worse or better, then
     * the overall rows on the common primary; the family's verdicts after Holm over all of them.
     */
    List<SummaryFamily.Row> summary(List<String> candidates, double confidence) {
        List<SummaryFamily.Entry> entries = new ArrayList<>();
        for (WorkloadResult w : study.workloads()) {
            String primary = primary(w);
            for (String candidate : candidates) {
                // the summary always has the primary, even where --metrics leaves it out of the tables
                ComparisonRow p = Digest.rows(study, w.name(), candidate).stream()
                        .filter(r -> r.metric().equals(primary))
                        .findFirst()
                        .orElse(null);
                if (p == null) {
                    continue;
                }
                entries.add(new SummaryFamily.Entry(p, null));
                rows(w, candidate).stream()
                        .filter(r -> !r.metric().equals(primary) && !Highlights.withinTicks(r))
                        .forEach(r -> entries.add(new SummaryFamily.Entry(r, p)));
            }
        }
        String common = commonPrimary();
        if (common != null && study.workloads().size() > 1) {
            for (String candidate : candidates) {
                study.comparisons().stream()
                        .filter(r -> r.overall()
                                && r.candidate().equals(candidate)
                                && r.metric().equals(common))
                        .forEach(r -> entries.add(new SummaryFamily.Entry(r, null)));
            }
        }
        return SummaryFamily.judge(entries, Judge.of(study.info().settings()).looks(), confidence);
    }

    /** {@code primary metric wall}, or where workloads differ, each primary with its workloads. */
    String primaryFact() {
        Map<String, List<String>> byMetric = new LinkedHashMap<>();
        for (WorkloadResult w : study.workloads()) {
            byMetric.computeIfAbsent(primary(w), k -> new ArrayList<>()).add(Labels.workload(w.workload()));
        }
        if (byMetric.size() <= 1) {
            return "primary metric "
                    + Labels.metric(byMetric.keySet().stream().findFirst().orElse(requested));
        }
        List<String> parts = new ArrayList<>();
        byMetric.forEach((m, ws) -> parts.add(Labels.metric(m) + " (" + String.join(", ", ws) + ")"));
        return "primary metric " + String.join(", ", parts);
    }

    /** The one primary metric of every workload, or null where they differ. */
    String commonPrimary() {
        Set<String> all = new LinkedHashSet<>();
        study.workloads().forEach(w -> all.add(primary(w)));
        return all.size() == 1 ? all.iterator().next() : null;
    }
}
