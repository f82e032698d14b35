/**
 * The run loop: warm-up, rounds in the chosen order, adaptive stopping and progress, with each run
 * written to the store as it ends, so nothing measured is lost. Measuring is left to {@code exec}
 * and deciding to {@code analysis} and {@code stats}.
 */
package dev.overhead.run;
