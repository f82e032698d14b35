package dev.overhead.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** What is written at the end: the format on stdout and files exported beside it. */
final class OutputOptions {
    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "text",
            description =
                    "What goes to stdout at the end: text, markdown, html, json or csv (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--export-json", paramLabel = "FILE", description = "Write the JSON result (- for stdout).")
    Path json;

    @Option(
            names = "--export-csv",
            paramLabel = "FILE",
            description = "Write one row per run; comparisons go to FILE's .comparisons.csv.")
    Path csv;

    @Option(names = "--export-markdown", paramLabel = "FILE", description = "Write the Markdown report.")
    Path markdown;

    @Option(names = "--export-html", paramLabel = "FILE", description = "Write the self-contained HTML report.")
    Path html;

    @Option(names = "--export-hyperfine-json", paramLabel = "FILE", description = "Write hyperfine's JSON format.")
    Path hyperfine;

    @Option(names = "--export-gobench", paramLabel = "FILE", description = "Write Go benchmark format (for benchstat).")
    Path gobench;

    @Option(names = "--export-pts", paramLabel = "FILE", description = "Write a Phoronix Test Suite composite.xml.")
    Path pts;

    @Option(names = "--ascii", description = "7-bit text: no ±, −, µ or box characters.")
    boolean ascii;

    @Option(
            names = "--metrics",
            paramLabel = "LIST",
            split = ",",
            description = "The metrics the reports show, comma-separated, or all (default: each workload's primary,"
                    + " then those with a decisive verdict).")
    List<String> metrics = new ArrayList<>();
}
