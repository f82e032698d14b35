package dev.overhead.cli;

import dev.overhead.model.StudySettings;
import dev.overhead.plan.Percentages;
import dev.overhead.stats.CompareOptions;
import dev.overhead.study.UserError;
import picocli.CommandLine.Option;

/**
 * The margin and confidence a verdict is judged with: part of {@link VerdictOptions} ({@code run},
 * {@code compare}, {@code report}), and all of it that {@code bisect} takes, whose baseline is the good build.
 */
class MarginOptions {
    @Option(names = "--threshold", paramLabel = "PCT", description = "Equivalence margin (default: 1%%).")
    String threshold;

    @Option(
            names = "--confidence",
            paramLabel = "LEVEL",
            description = "Confidence level of the intervals (default: 0.95).")
    Double confidence;

    CompareOptions compareOptions() {
        return compareOptions(null, null);
    }

    /** The command line's values, else a plan's, else the defaults (StudySettings.DEFAULTS). */
    CompareOptions compareOptions(Double planThresholdPct, Double planConfidence) {
        CompareOptions defaults = StudySettings.DEFAULTS.compare();
        double level =
                confidence != null ? confidence : planConfidence != null ? planConfidence : defaults.confidence();
        if (!(level > 0 && level < 1)) {
            throw UserError.usage(
                    "--confidence " + level + " is not a level: give a number between 0 and 1," + " such as 0.95");
        }
        double margin = threshold != null
                ? percent("--threshold", threshold)
                : planThresholdPct != null ? planThresholdPct : defaults.thresholdPct();
        return new CompareOptions(level, margin);
    }

    private static double percent(String option, String text) {
        try {
            return Percentages.parse(text);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(option + " " + e.getMessage());
        }
    }
}
