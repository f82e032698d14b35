/**
 * The verdicts stage: from a study's runs to one comparison per workload, metric and candidate,
 * with the overall (geometric mean) rows and p-value adjustment, asking {@code stats} for every
 * figure. Imports only {@code model} and {@code stats}.
 */
package dev.overhead.verdicts;
