package dev.overhead.run;

import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.util.List;

/** A study to run: what to measure, under which variants, and how. Built from flags or a plan. */
public record StudySpec(String label, List<Workload> workloads, List<Variant> variants, RunOptions options) {
    public StudySpec {
        workloads = List.copyOf(workloads);
        variants = List.copyOf(variants);
        if (workloads.isEmpty() || variants.isEmpty()) {
            throw new IllegalArgumentException("a study needs at least one workload and one variant");
        }
    }
}
