package dev.overhead.plan;

import dev.overhead.model.Levels;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.util.List;

/**
 * A whole study before it runs: what to run, the ways to run it, and the options the plan sets.
 * Built from a YAML plan ({@link PlanReader}) or from the command line; immutable.
 *
 * @param name      the study's label (null: none)
 * @param workloads every workload instance, parameter sweeps already expanded
 * @param variants  in declared order
 * @param baseline  the variant the others are compared with (null: the first)
 * @param levels    the outer levels the variants are repeated over (plan {@code levels}, {@code boot})
 */
public record StudyPlan(
        String name,
        List<Workload> workloads,
        List<Variant> variants,
        String baseline,
        PlanOptions options,
        Levels levels) {

    public StudyPlan {
        workloads = List.copyOf(workloads);
        variants = List.copyOf(variants);
        levels = levels == null ? Levels.NONE : levels;
    }

    /** The baseline's name: the one given, or the first variant's. */
    public String baselineName() {
        return baseline != null ? baseline : variants.getFirst().name();
    }

    public StudyPlan withOptions(PlanOptions newOptions) {
        return new StudyPlan(name, workloads, variants, baseline, newOptions, levels);
    }
}
