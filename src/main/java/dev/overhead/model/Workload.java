package dev.overhead.model;

import java.util.List;
import java.util.Map;

/**
 * One command to measure under every variant.
 *
 * @param command    argv (with {@code shell}, a single string for {@code /bin/sh -c})
 * @param parameters the parameter values of this instance of a swept workload (empty if none)
 * @param prepare    run before every measured run, not measured (empty: nothing)
 * @param metrics    metrics parsed from the output, besides the built-ins
 * @param primary    the metric this workload is judged and stopped on (a profile's, or the plan's
 *                   {@code primary:}); null: the study's
 */
public record Workload(
        String name,
        List<String> command,
        boolean shell,
        Map<String, String> parameters,
        List<String> prepare,
        List<MetricSpec> metrics,
        String primary) {

    public Workload {
        command = List.copyOf(command);
        parameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
        prepare = List.copyOf(prepare);
        metrics = List.copyOf(metrics);
    }

    /** A workload judged on the study's primary metric. */
    public Workload(
            String name,
            List<String> command,
            boolean shell,
            Map<String, String> parameters,
            List<String> prepare,
            List<MetricSpec> metrics) {
        this(name, command, shell, parameters, prepare, metrics, null);
    }

    /** The metric this workload is judged on: its own, or else the study's. */
    public String primaryOr(String studyPrimary) {
        return primary != null ? primary : studyPrimary;
    }

    public Workload withPrimary(String newPrimary) {
        return new Workload(name, command, shell, parameters, prepare, metrics, newPrimary);
    }
}
