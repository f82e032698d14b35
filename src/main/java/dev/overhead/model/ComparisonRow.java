package dev.overhead.model;

import dev.overhead.stats.Comparison;

/**
 * A {@link Comparison} with the names it belongs to: workload, metric, baseline and candidate. The
 * workload {@value #GEOMEAN} is the geometric mean of the change over all workloads.
 */
public record ComparisonRow(
        String workload, String metric, String unit, String baseline, String candidate, Comparison comparison) {
    public static final String GEOMEAN = "geomean";

    public boolean overall() {
        return workload.equals(GEOMEAN);
    }
}
