package dev.overhead.run;

import dev.overhead.exec.OutputPolicy;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.util.List;

/**
 * A study to run: what to measure, under which variants, and how. Built from flags or a plan.
 *
 * @param settings how it runs and is judged (stored with the study)
 * @param output   where the commands' output goes (not stored: a resumed study discards it)
 * @param decisionPct a figure (change in percent) every primary interval must leave before adaptive
 *                 stopping ends the study, or null: a bisection's step asks whether the commit lies
 *                 above or below the midpoint between the two ends, and an interval that is already
 *                 {@code worse} may still hold it (docs/why-and-bisect.md, issue 28.8)
 */
public record StudySpec(
        String label,
        List<Workload> workloads,
        List<Variant> variants,
        StudySettings settings,
        OutputPolicy output,
        Double decisionPct) {

    public StudySpec(
            String label,
            List<Workload> workloads,
            List<Variant> variants,
            StudySettings settings,
            OutputPolicy output) {
        this(label, workloads, variants, settings, output, null);
    }

    public StudySpec {
        workloads = List.copyOf(workloads);
        variants = List.copyOf(variants);
        if (workloads.isEmpty() || variants.isEmpty()) {
            throw new IllegalArgumentException("a study needs at least one workload and one variant");
        }
        if (settings.seed() == null) {
            throw new IllegalArgumentException("a study to run needs the seed of its order");
        }
    }
}
