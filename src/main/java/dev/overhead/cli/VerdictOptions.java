package dev.overhead.cli;

import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Estimand;
import dev.overhead.study.UserError;
import dev.overhead.verdicts.Analyzer;
import dev.overhead.verdicts.Judge;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options that decide verdicts, shared by run and compare; the margin and confidence are {@link MarginOptions}. */
final class VerdictOptions extends MarginOptions {
    @Option(
            names = "--baseline",
            paramLabel = "NAME",
            description = "The variant others are compared with (default: the first).")
    String baseline;

    @Option(
            names = "--estimand",
            paramLabel = "geomean|typical",
            description = "What the change of a measurement is: geomean, the ratio of geometric means"
                    + " (default), or typical, the typical ratio of a candidate run to a baseline run"
                    + " (robust to spikes; no interval below 4 runs per variant at 95%%).")
    String estimand;

    @Option(
            names = "--adjust",
            paramLabel = "none|holm",
            defaultValue = "none",
            description = "Adjust p-values for many comparisons: none (default) or holm.")
    String adjust;

    @Option(
            names = "--fail-if-worse",
            paramLabel = "[METRIC:]PCT",
            description = "Exit 3 when a comparison's whole interval lies beyond PCT on the worse side, on METRIC"
                    + " (default: each workload's primary); repeatable.")
    List<String> failIfWorse = new ArrayList<>();

    @Override
    CompareOptions compareOptions() {
        return compareOptions(null, null, null);
    }

    @Override
    CompareOptions compareOptions(Double planThresholdPct, Double planConfidence) {
        return compareOptions(planThresholdPct, planConfidence, null);
    }

    /** The margin and confidence as {@link MarginOptions} decides them, and the command line's estimand, else a plan's (or a stored study's), else the default. */
    CompareOptions compareOptions(Double planThresholdPct, Double planConfidence, Estimand planEstimand) {
        CompareOptions margin = super.compareOptions(planThresholdPct, planConfidence);
        Estimand chosen = planEstimand != null
                ? planEstimand
                : StudySettings.DEFAULTS.compare().estimand();
        if (estimand != null) {
            chosen = Estimand.of(estimand);
            if (chosen == null) {
                throw UserError.usage("--estimand " + estimand + " is not known: use geomean (the ratio of geometric"
                        + " means, the default) or typical (the typical ratio of a run)");
            }
        }
        return new CompareOptions(margin.confidence(), margin.thresholdPct(), chosen);
    }

    List<FailIfWorse.Threshold> failIfWorse() {
        return failIfWorse(null);
    }

    /**
     * The command line's --fail-if-worse thresholds, else a plan's percentage on the primary (empty: never).
     * A malformed threshold is refused here, before anything runs; the mixin's field stays as parsed.
     */
    List<FailIfWorse.Threshold> failIfWorse(Double planPct) {
        if (failIfWorse.isEmpty() && planPct != null) {
            return FailIfWorse.parse(List.of(planPct + "%"));
        }
        return FailIfWorse.parse(failIfWorse);
    }

    /** Exit 3 where a --fail-if-worse threshold trips, else 0. */
    int failIfWorseExit(StudyResult study, java.io.PrintWriter err) {
        return FailIfWorse.exitCode(
                study, failIfWorse(), study.info().settings().primary(), err);
    }

    /**
     * A stored study or a file judged again: with the threshold, confidence and baseline it was run
     * with, except where the command line says otherwise, and showing the settings its verdicts used.
     */
    StudyResult judged(StudyResult study) {
        StudySettings stored = study.info().settings();
        CompareOptions options = compareOptions(
                stored.compare().thresholdPct(),
                stored.compare().confidence(),
                stored.compare().estimand());
        StudySettings used = stored.toBuilder()
                .compare(options)
                .baseline(baseline != null ? baseline : stored.baseline())
                .build();
        StudyInfo info = study.info();
        StudyResult shown = new StudyResult(
                new StudyInfo(info.id(), info.label(), info.created(), used),
                study.environment(),
                study.workloads(),
                study.comparisons(),
                study.warnings(),
                List.of());
        return Judge.of(used).analyse(shown, used.baseline(), options);
    }

    /** --adjust refused before anything runs when it is no word overhead knows (docs/reliability.md). */
    void checkAdjust() {
        if (adjust != null && !adjust.equals("none") && !adjust.equals("holm")) {
            throw UserError.usage("--adjust " + adjust + " is not known: use none or holm");
        }
    }

    /** The study with its p-values adjusted as --adjust asks. */
    StudyResult adjusted(StudyResult study) {
        return switch (adjust == null ? "none" : adjust) {
            case "none" -> study;
            case "holm" ->
                study.withComparisons(
                        Analyzer.holm(study.comparisons()),
                        List.of("p-values are adjusted for "
                                + study.comparisons().size()
                                + " comparisons (Holm); verdicts come from the intervals"));
            default -> throw UserError.usage("--adjust " + adjust + " is not known: use none or holm");
        };
    }
}
