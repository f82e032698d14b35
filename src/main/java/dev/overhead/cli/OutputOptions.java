package dev.overhead.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** What is written at the end: the format on stdout and files exported beside it, other tools' formats among them. */
final class OutputOptions extends ReportFiles {
    @Option(names = "--export-hyperfine-json", paramLabel = "FILE", description = "Write hyperfine's JSON format.")
    Path hyperfine;

    @Option(names = "--export-gobench", paramLabel = "FILE", description = "Write Go benchmark format (for benchstat).")
    Path gobench;

    @Option(
            names = "--export-junit",
            paramLabel = "FILE",
            description = "Write JUnit XML for CI: a test case per workload, candidate and metric shown, failed where"
                    + " --fail-if-worse trips (without it: where the verdict is worse).")
    Path junit;

    @Option(names = "--export-pts", paramLabel = "FILE", description = "Write a Phoronix Test Suite composite.xml.")
    Path pts;

    @Option(
            names = "--metrics",
            paramLabel = "LIST",
            split = ",",
            description = "The metrics the reports show, comma-separated, or all (default: each workload's primary,"
                    + " then those with a decisive verdict).")
    List<String> metrics = new ArrayList<>();

    @Option(
            names = "--detail",
            description = "The text report goes on after the summary, plain words and warnings with each workload's"
                    + " tables and notes, the commands, the environment and the legend.")
    boolean detail;
}
