package dev.overhead.verdicts;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.GeoMean;
import dev.overhead.stats.Looks;
import dev.overhead.stats.PValues;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.RunSequence;
import dev.overhead.stats.Sample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns a study's runs into comparisons: every workload, metric and non-baseline variant. */
public final class Analyzer {
    private Analyzer() {}

    /**
     * The metrics a workload is compared on: its parsed ones first, then the built-ins that carry
     * information — a figure that is zero in every run (no block output, no major faults) has
     * nothing to compare, and a peak RSS that is not the command's own is not compared at all.
     */
    public static List<MetricSpec> metricsOf(WorkloadResult workload) {
        List<MetricSpec> declared = workload.workload().metrics();
        // Read from another tool's file (interop.Imported): the list is complete, and a built-in it
        // does not name is absent from the runs (its field is 0), not measured as 0.
        if (declared.stream().anyMatch(m -> !m.parsed() || m.regex().isEmpty())) {
            return declared;
        }
        Map<String, MetricSpec> metrics = new LinkedHashMap<>();
        workload.workload().metrics().forEach(m -> metrics.put(m.name(), m));
        boolean rssExact =
                workload.variants().stream().allMatch(v -> v.runs().stream().allMatch(Run::maxRssExact));
        for (MetricSpec builtin : Metrics.builtins()) {
            boolean informative = workload.variants().stream()
                    .anyMatch(v -> v.runs().stream()
                            .anyMatch(r -> !r.failed() && builtin.valueOf(r).orElse(0.0) != 0));
            boolean trusted = rssExact || !builtin.name().equals(Metrics.Builtin.MAX_RSS.metricName());
            if (informative && trusted) {
                metrics.putIfAbsent(builtin.name(), builtin);
            }
        }
        return List.copyOf(metrics.values());
    }

    /**
     * How two samples of one metric are compared: the fixed-n engine, or a sequential one. Each value
     * comes with the round it ran in (-1 where unknown), so the engine can pair runs of a round.
     */
    @FunctionalInterface
    public interface Method {
        Comparison compare(Sample baseline, Sample candidate, Quantity quantity, CompareOptions options);

        /** The engine judging with these looks (fixed, or a sequential plan). */
        static Method of(Looks looks) {
            return (b, c, q, o) -> Comparisons.compare(b, c, q, o, looks);
        }
    }

    public static List<ComparisonRow> compare(StudyResult study, String baseline, CompareOptions options) {
        return compare(study, baseline, options, Method.of(Looks.FIXED));
    }

    public static List<ComparisonRow> compare(
            StudyResult study, String baseline, CompareOptions options, Method method) {
        return compare(study, baseline, options, method, Looks.FIXED);
    }

    /**
     * @param overallLooks the looks the geometric mean over workloads is judged with: for an adaptive
     *                     study, its sequential plan at the runs the workloads ended with, so that
     *                     row keeps the same promise as the others
     */
    public static List<ComparisonRow> compare(
            StudyResult study, String baseline, CompareOptions options, Method method, Looks overallLooks) {
        List<ComparisonRow> rows = new ArrayList<>();
        boolean roundsShared = !merged(study);
        Units units = Units.of(study); // builds or boots: the interval is over those units
        for (WorkloadResult workload : study.workloads()) {
            String base =
                    baseline != null ? baseline : workload.variants().getFirst().name();
            VariantResult baseRuns = workload.variant(base).orElse(null);
            if (baseRuns == null) {
                continue;
            }
            for (MetricSpec metric : metricsOf(workload)) {
                Sample b = sample(baseRuns, metric, roundsShared);
                for (VariantResult candidate : workload.variants()) {
                    if (candidate.name().equals(base)) {
                        continue;
                    }
                    Sample c = sample(candidate, metric, roundsShared);
                    if (b.size() == 0 || c.size() == 0) {
                        continue;
                    }
                    Comparison comparison = method.compare(b, c, metric.quantity(), options);
                    if (units != null) {
                        comparison = units.compare(baseRuns, candidate, metric, metric.quantity(), options, comparison);
                    } else if (!roundsShared) {
                        comparison = withWarning(comparison, Units.MERGED);
                    }
                    comparison = Resolution.apply(metric.name(), comparison, options.thresholdPct());
                    rows.add(new ComparisonRow(
                            workload.name(), metric.name(), metric.unit(), base, candidate.name(), comparison));
                }
            }
        }
        rows.addAll(overall(study, rows, baseline, options, overallLooks));
        return rows;
    }

    private static Comparison withWarning(Comparison c, String warning) {
        List<String> warnings = new ArrayList<>(c.warnings());
        warnings.add(warning);
        return c.withRuns(c.nBaseline(), c.nCandidate(), warnings);
    }

    /**
     * A study merged from several files or stored studies (compare's inputs, interop.Formats.merge):
     * each numbered its rounds from 0, so equal numbers are no evidence the runs ran together.
     */
    private static boolean merged(StudyResult study) {
        return study.info().settings().sources().size() > 1;
    }

    /** The values with their rounds, or without rounds (never paired) when rounds are not shared. */
    private static Sample sample(VariantResult variant, MetricSpec metric, boolean shared) {
        return shared ? variant.sample(metric) : Sample.of(variant.values(metric));
    }

    /**
     * With several workloads, the overall change of each candidate on each metric that every workload
     * has: the geometric mean of the per-workload ratios, each as its row estimates it (paired where
     * the row is, the same estimand), with its interval (stats.GeoMean).
     */
    static List<ComparisonRow> overall(
            StudyResult study, List<ComparisonRow> rows, String baseline, CompareOptions options, Looks looks) {
        if (study.workloads().size() < 2) {
            return List.of();
        }
        Units units = Units.of(study);
        boolean roundsShared = !merged(study);
        List<ComparisonRow> out = new ArrayList<>();
        Map<String, List<ComparisonRow>> byCandidateAndMetric = new LinkedHashMap<>();
        rows.forEach(r -> byCandidateAndMetric
                .computeIfAbsent(r.candidate() + "\u0000" + r.metric(), k -> new ArrayList<>())
                .add(r));
        for (List<ComparisonRow> group : byCandidateAndMetric.values()) {
            ComparisonRow first = group.getFirst();
            boolean sameDirection = group.stream()
                    .allMatch(r -> r.comparison().better() == first.comparison().better());
            if (group.size() != study.workloads().size() || !sameDirection) {
                continue;
            }
            List<Sample> baselines = new ArrayList<>();
            List<Sample> candidates = new ArrayList<>();
            List<double[]> unitBaselines = new ArrayList<>();
            List<double[]> unitCandidates = new ArrayList<>();
            Quantity quantity = null;
            for (ComparisonRow r : group) {
                WorkloadResult w = study.workloads().stream()
                        .filter(x -> x.name().equals(r.workload()))
                        .findFirst()
                        .orElseThrow();
                MetricSpec metric = metricsOf(w).stream()
                        .filter(m -> m.name().equals(r.metric()))
                        .findFirst()
                        .orElseThrow();
                // as the row had them: with rounds where its runs could pair (the rows' own estimator)
                baselines.add(sample(w.variant(r.baseline()).orElseThrow(), metric, roundsShared));
                candidates.add(sample(w.variant(r.candidate()).orElseThrow(), metric, roundsShared));
                quantity = metric.quantity();
                if (units != null) { // over builds or boots: each unit's geometric mean is one value
                    unitBaselines.add(
                            units.geometricMeans(w.variant(r.baseline()).orElseThrow(), metric));
                    unitCandidates.add(
                            units.geometricMeans(w.variant(r.candidate()).orElseThrow(), metric));
                }
            }
            boolean overUnits = units != null
                    && unitBaselines.stream().allMatch(u -> u.length >= 2)
                    && unitCandidates.stream().allMatch(u -> u.length >= 2);
            int runs = group.stream()
                    .mapToInt(r ->
                            Math.min(r.comparison().nBaseline(), r.comparison().nCandidate()))
                    .min()
                    .orElse(0);
            CompareOptions perLook = looks.perLook(options, runs);
            Comparison geo = overUnits
                    ? GeoMean.compare(
                            unitBaselines, unitCandidates, first.comparison().better(), perLook)
                    : GeoMean.compare(baselines, candidates, quantity, perLook);
            if (units != null) {
                geo = geo.withDesign(first.comparison().design());
            }
            geo = GeoMean.overRows(
                    geo,
                    group.stream().map(ComparisonRow::workload).toList(),
                    group.stream().map(ComparisonRow::comparison).toList());
            out.add(ComparisonRow.overall(first.metric(), first.unit(), first.baseline(), first.candidate(), geo));
        }
        return out;
    }

    /**
     * Holm's step-down adjustment of every comparison's p-value, for studies with many comparisons
     * ({@code --adjust holm}). Verdicts come from the intervals and are left as they are.
     */
    public static List<ComparisonRow> holm(List<ComparisonRow> rows) {
        double[] p = rows.stream().mapToDouble(r -> r.comparison().pValue()).toArray();
        double[] adjusted = PValues.holm(p);
        List<ComparisonRow> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            ComparisonRow r = rows.get(i);
            Comparison c = r.comparison();
            out.add(r.with(c.withPValue(adjusted[i])));
        }
        return out;
    }

    /**
     * Warm-up and drift, read from the primary metric of each variant in run order: a first run far
     * from the rest, or a trend over the study (stats.RunSequence). Sentences for the study's notes.
     */
    public static List<String> sequenceWarnings(StudyResult study, String primary) {
        List<String> out = new ArrayList<>();
        for (WorkloadResult workload : study.workloads()) {
            List<MetricSpec> metrics = metricsOf(workload);
            if (metrics.isEmpty()) {
                continue;
            }
            // another tool's results may have no such metric: then its first one is its headline
            MetricSpec metric = metrics.stream()
                    .filter(m -> m.name().equals(primary))
                    .findFirst()
                    .orElse(metrics.getFirst());
            for (VariantResult variant : workload.variants()) {
                for (String w : RunSequence.warnings(variant.values(metric))) {
                    out.add(workload.name() + ", " + variant.name() + ", " + metric.name() + ": " + w);
                }
            }
        }
        return out;
    }

    /** The study with its comparisons and its warm-up and drift notes. */
    public static StudyResult analyse(StudyResult study, String baseline, CompareOptions options, Method method) {
        return analyse(study, baseline, options, method, Looks.FIXED);
    }

    public static StudyResult analyse(
            StudyResult study, String baseline, CompareOptions options, Method method, Looks overallLooks) {
        // the warm-up and drift notes are written afresh: a stored study's own copies (perhaps worded by an older
        // overhead) would otherwise stand twice
        return study.withoutWarnings(RunSequence::wrote)
                .withComparisons(
                        compare(study, baseline, options, method, overallLooks),
                        sequenceWarnings(study, study.info().settings().primary()))
                .withSummaries(Summaries.of(study, options.confidence()));
    }
}
