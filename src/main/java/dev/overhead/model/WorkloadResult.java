package dev.overhead.model;

import java.util.List;
import java.util.Optional;

/**
 * One workload and what each variant measured on it.
 *
 * @param stop why its runs ended; null where not known (another tool's file, a study stored before it was kept)
 */
public record WorkloadResult(Workload workload, List<VariantResult> variants, Stop stop) {
    public WorkloadResult {
        variants = List.copyOf(variants);
    }

    public WorkloadResult(Workload workload, List<VariantResult> variants) {
        this(workload, variants, null);
    }

    /** The same workload with another reason for its end. */
    public WorkloadResult withStop(Stop s) {
        return new WorkloadResult(workload, variants, s);
    }

    public String name() {
        return workload.name();
    }

    public Optional<VariantResult> variant(String name) {
        return variants.stream().filter(v -> v.name().equals(name)).findFirst();
    }
}
