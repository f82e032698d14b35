package dev.overhead.verdicts;

import dev.overhead.model.Stopping;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.Sample;
import dev.overhead.stats.SequentialPlan;

/**
 * Fixed or sequential: the one place that decides how a study's comparisons are computed,
 * for the run loop's looks, the final analysis, and {@code report} and
 * {@code compare} later alike.
 *
 * <p>A study that stopped adaptively looked at its data at the looks of its schedule, so each
 * interval is widened for the planned looks (stats' sequential plan) and the overall geometric mean
 * is judged at the level of the look its workloads ended at; every other study (a fixed number of runs, another tool's file) is
 * compared the ordinary way.
 */
public final class Judge {
    private final SequentialPlan plan; // null: compared the ordinary way

    private Judge(SequentialPlan plan) {
        this.plan = plan;
    }

    /** The decision, from how the study stops. */
    public static Judge of(StudySettings settings) {
        return new Judge(
                settings.stopping() instanceof Stopping.Adaptive a ? a.looks().plan(a.minRuns(), a.maxRuns()) : null);
    }

    public boolean sequential() {
        return plan != null;
    }

    /**
     * True when the run loop may decide to stop after this many rounds: at every round of a study
     * with a fixed number of runs, at the sequential plan's looks only for an adaptive one.
     */
    public boolean looksAt(int rounds) {
        return plan == null || plan.isLook(rounds);
    }

    /** The looks the study took: one (fixed), or those of its sequential plan. */
    public Looks looks() {
        return plan == null ? Looks.FIXED : plan;
    }

    /** Two samples of one metric (each value with its round where known); an {@link Analyzer.Method}. */
    public Comparison compare(Sample baseline, Sample candidate, Quantity quantity, CompareOptions options) {
        return Comparisons.compare(baseline, candidate, quantity, options, looks());
    }

    /** A stored study judged with the settings it was run with, as {@code overhead report STUDY} judges it. */
    public static StudyResult asRun(StudyResult study) {
        var settings = study.info().settings();
        return of(settings).analyse(study, settings.baseline(), settings.compare());
    }

    /** The study with every row (the overall geometric mean too) judged as it was run, and its notes. */
    public StudyResult analyse(StudyResult study, String baseline, CompareOptions options) {
        return Analyzer.analyse(study, baseline, options, this::compare, looks());
    }
}
