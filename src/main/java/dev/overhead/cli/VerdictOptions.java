package dev.overhead.cli;

import dev.overhead.stats.CompareOptions;
import picocli.CommandLine.Option;

/** The options that decide verdicts, shared by run and compare. */
final class VerdictOptions {
    @Option(names = "--baseline", paramLabel = "NAME", description = "The variant others are compared with (default: the first).")
    String baseline;

    @Option(names = "--threshold", paramLabel = "PCT", defaultValue = "1%",
            description = "Equivalence margin (default: ${DEFAULT-VALUE}).")
    String threshold;

    @Option(names = "--confidence", paramLabel = "LEVEL", defaultValue = "0.95",
            description = "Confidence level of the intervals (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Option(names = "--fail-if-worse", paramLabel = "PCT",
            description = "Exit 3 when a comparison is worse by more than PCT.")
    String failIfWorse;

    CompareOptions compareOptions() {
        if (!(confidence > 0 && confidence < 1)) {
            throw UserError.usage("--confidence " + confidence + " is not a level: give a number between 0 and 1,"
                    + " such as 0.95");
        }
        return new CompareOptions(confidence, Percent.parse("--threshold", threshold));
    }

    Double failIfWorsePct() {
        return failIfWorse == null ? null : Percent.parse("--fail-if-worse", failIfWorse);
    }
}
