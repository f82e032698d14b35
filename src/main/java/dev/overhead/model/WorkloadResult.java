package dev.overhead.model;

import java.util.List;
import java.util.Optional;

/** One workload and what each variant measured on it. */
public record WorkloadResult(Workload workload, List<VariantResult> variants) {
    public WorkloadResult {
        variants = List.copyOf(variants);
    }

    public String name() {
        return workload.name();
    }

    public Optional<VariantResult> variant(String name) {
        return variants.stream().filter(v -> v.name().equals(name)).findFirst();
    }
}
