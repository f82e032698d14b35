/**
 * The picocli commands, one class per verb (docs/cli.md): parse, call the other packages, print.
 * Thin, and imported by nothing.
 */
package dev.overhead.cli;
