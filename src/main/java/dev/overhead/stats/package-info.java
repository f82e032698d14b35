/**
 * Pure statistics: estimators, intervals, tests and the verdict rule, from arrays of numbers. No
 * I/O, no clocks, no printing, and nothing else of the project is imported, so every figure here can
 * be pinned to R or scipy. {@link dev.overhead.stats.Comparisons} is the one place that decides
 * whether a change is noise. See docs/architecture.md, "Packages and what they may import".
 */
package dev.overhead.stats;
