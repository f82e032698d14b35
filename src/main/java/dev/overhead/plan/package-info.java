/**
 * What users write: YAML plans (docs/cli.md, "Plans"), variant specs, durations, percentages and
 * shell words, read into workloads, variants and options, with every fault found before anything
 * runs. Imports only {@code model} and {@code stats}.
 */
package dev.overhead.plan;
