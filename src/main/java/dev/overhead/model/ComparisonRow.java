package dev.overhead.model;

import dev.overhead.stats.Comparison;

/**
 * A {@link Comparison} with the names it belongs to: workload, metric, baseline and candidate.
 *
 * @param overall true for the change over all workloads (their geometric mean); its workload name
 *                is {@value #GEOMEAN} for the JSON, but a row is overall by this flag, never by that
 *                name (a real workload may be called so)
 */
public record ComparisonRow(
        String workload,
        String metric,
        String unit,
        String baseline,
        String candidate,
        Comparison comparison,
        boolean overall) {
    public static final String GEOMEAN = "geomean";

    /** A row of one workload. */
    public ComparisonRow(
            String workload, String metric, String unit, String baseline, String candidate, Comparison comparison) {
        this(workload, metric, unit, baseline, candidate, comparison, false);
    }

    /** The row of the change over all workloads. */
    public static ComparisonRow overall(
            String metric, String unit, String baseline, String candidate, Comparison comparison) {
        return new ComparisonRow(GEOMEAN, metric, unit, baseline, candidate, comparison, true);
    }

    /** The same row with another comparison (an adjusted p-value, say). */
    public ComparisonRow with(Comparison other) {
        return new ComparisonRow(workload, metric, unit, baseline, candidate, other, overall);
    }
}
