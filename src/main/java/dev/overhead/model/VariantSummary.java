package dev.overhead.model;

import dev.overhead.stats.Summary;

/**
 * How one variant's runs of one metric spread on one workload, as the analysis described them once
 * ({@code analysis.Analyzer}); reports show these figures and compute none of their own.
 */
public record VariantSummary(String workload, String variant, String metric, Summary summary) {}
