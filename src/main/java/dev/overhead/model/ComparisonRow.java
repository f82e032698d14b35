package dev.overhead.model;

import dev.overhead.stats.Comparison;

/** A {@link Comparison} with the names it belongs to: workload, metric, baseline and candidate. */
public record ComparisonRow(String workload, String metric, String unit, String baseline, String candidate,
        Comparison comparison) {}
