package dev.overhead.store;

import dev.overhead.model.StudyInfo;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.util.List;
import java.util.Map;

/**
 * What a stored study was asked to do, without its runs: what {@code overhead resume} needs to carry
 * on (the runs done so far come from {@link Store#load}).
 *
 * @param state "running", "done", "interrupted" or "failed"
 */
public record StudyDefinition(
        StudyInfo info,
        String state,
        List<Workload> workloads,
        List<Variant> variants,
        Map<String, Object> environment,
        List<String> warnings) {

    public StudyDefinition {
        workloads = List.copyOf(workloads);
        variants = List.copyOf(variants);
        environment = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(environment));
        warnings = List.copyOf(warnings);
    }
}
