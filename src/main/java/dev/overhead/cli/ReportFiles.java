package dev.overhead.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The report on stdout and in files, as every command that judges writes it: {@link OutputOptions}
 * ({@code run}, {@code compare}, {@code report}, {@code why}) adds the other tools' formats, and
 * {@link BisectOutputs} writes a bisection's chain with the same options.
 */
abstract class ReportFiles {
    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "What goes to stdout at the end: text, markdown, html, json, csv or junit (default:"
                    + " ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--export-json", paramLabel = "FILE", description = "Write the JSON result (- for stdout).")
    Path json;

    @Option(
            names = "--export-csv",
            paramLabel = "FILE",
            description = "Write the CSV: one row per run and the comparisons in FILE's .comparisons.csv; bisect: one"
                    + " row per step.")
    Path csv;

    @Option(names = "--export-markdown", paramLabel = "FILE", description = "Write the Markdown report.")
    Path markdown;

    @Option(names = "--export-html", paramLabel = "FILE", description = "Write the self-contained HTML report.")
    Path html;

    @Option(names = "--ascii", description = "7-bit text: no ±, −, µ or box characters.")
    boolean ascii;
}
