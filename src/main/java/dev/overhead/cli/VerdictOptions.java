package dev.overhead.cli;

import dev.overhead.plan.Percentages;
import dev.overhead.stats.CompareOptions;
import picocli.CommandLine.Option;

/** The options that decide verdicts, shared by run and compare. */
final class VerdictOptions {
    @Option(names = "--baseline", paramLabel = "NAME", description = "The variant others are compared with (default: the first).")
    String baseline;

    @Option(names = "--threshold", paramLabel = "PCT", description = "Equivalence margin (default: 1%).")
    String threshold;

    @Option(names = "--confidence", paramLabel = "LEVEL", description = "Confidence level of the intervals (default: 0.95).")
    Double confidence;

    @Option(names = "--fail-if-worse", paramLabel = "PCT",
            description = "Exit 3 when a comparison is worse by more than PCT.")
    String failIfWorse;

    CompareOptions compareOptions() {
        return compareOptions(null, null);
    }

    /** The command line's values, else a plan's, else 1% and 0.95. */
    CompareOptions compareOptions(Double planThresholdPct, Double planConfidence) {
        double level = confidence != null ? confidence : planConfidence != null ? planConfidence : 0.95;
        if (!(level > 0 && level < 1)) {
            throw UserError.usage("--confidence " + level + " is not a level: give a number between 0 and 1,"
                    + " such as 0.95");
        }
        double margin = threshold != null ? percent("--threshold", threshold)
                : planThresholdPct != null ? planThresholdPct : 1.0;
        return new CompareOptions(level, margin);
    }

    Double failIfWorsePct() {
        return failIfWorse == null ? null : percent("--fail-if-worse", failIfWorse);
    }

    private static double percent(String option, String text) {
        try {
            return Percentages.parse(text);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(option + " " + e.getMessage());
        }
    }
}
