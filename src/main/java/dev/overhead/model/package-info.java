/**
 * The records a study is made of: workloads, variants, runs, the results and comparison rows, and
 * the built-in metric names (docs/cli.md, "What one run records"). Data only; imports only
 * {@code stats}.
 */
package dev.overhead.model;
