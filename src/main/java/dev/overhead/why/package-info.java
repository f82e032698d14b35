/**
 * {@code overhead why}: where a cost comes from. Each variant is profiled with {@code perf record}
 * over interleaved rounds ({@link dev.overhead.why.Profiler}), the samples are read from
 * {@code perf script} ({@link dev.overhead.why.PerfScript}), and the per-run shares of each symbol,
 * DSO and mode are compared across runs ({@link dev.overhead.why.WhyAnalysis}) with the additive
 * interval of {@link dev.overhead.stats.PointChange}, so that the parts add up to the whole change.
 * Renderers here are pure; only {@code Profiler}, {@code PerfCheck} and {@code Tools} start processes.
 */
package dev.overhead.why;
