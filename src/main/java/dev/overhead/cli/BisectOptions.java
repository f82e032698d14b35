package dev.overhead.cli;

import dev.overhead.model.Metrics;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Workload;
import dev.overhead.plan.Durations;
import dev.overhead.plan.Percentages;
import dev.overhead.plan.ShellWords;
import dev.overhead.stats.CompareOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What {@code bisect} and {@code bisect step} share: the build, how each step is measured and judged, the command. */
final class BisectOptions {
    @Option(
            names = "--build",
            paramLabel = "CMD",
            description = "Shell command that builds a checked-out revision, run in its directory ({build_dir}).")
    String build;

    @Option(
            names = "--threshold",
            paramLabel = "PCT",
            description = "Equivalence margin: a commit is bad when its change is worse beyond it (default: 1%%).")
    String threshold;

    @Option(
            names = "--confidence",
            paramLabel = "LEVEL",
            description = "Confidence level of the intervals (default: 0.95).")
    Double confidence;

    @Option(
            names = "--min-runs",
            paramLabel = "N",
            description = "Runs per build before a step may stop (default " + StudySettings.MIN_RUNS + ").")
    Integer minRuns;

    @Option(
            names = "--max-runs",
            paramLabel = "N",
            description = "The budget: at most N runs per build and step; still inconclusive then, the step is"
                    + " skipped (default " + StudySettings.MAX_RUNS + ").")
    Integer maxRuns;

    @Option(names = "--warmup", paramLabel = "N", description = "Runs per build before measuring, not recorded.")
    Integer warmup;

    @Option(
            names = "--primary",
            paramLabel = "METRIC",
            description = "The metric that decides each step (default " + StudySettings.PRIMARY + ").")
    String primary;

    @Option(names = "--shell", description = "Run the command through /bin/sh -c (default: executed directly).")
    boolean shell;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            description = "Kill a run that takes longer; recorded as timed out.")
    String timeout;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the randomized order (default: from the clock).")
    Long seed;

    @Option(
            names = "--fake-exec",
            hidden = true,
            description = "Measure nothing: a deterministic fake executor for tests.")
    boolean fakeExec;

    @Parameters(
            paramLabel = "COMMAND",
            description = "The command to measure, after --; {build_dir} in it is the build's directory.")
    List<String> command = new ArrayList<>();

    /** The command as one workload; refused when it cannot tell one build from another. */
    Workload workload() {
        if (command.isEmpty()) {
            throw UserError.usage("nothing to measure: give the command after --, naming the built program as"
                    + " {build_dir}/PROGRAM, e.g. -- '{build_dir}/prog' input");
        }
        String line = String.join(" ", command);
        if (!line.contains("{build_dir}") && !line.contains("OVERHEAD_BUILD_DIR")) {
            throw UserError.usage("the command '" + line + "' does not name {build_dir}, so every build would run"
                    + " the same program; write the built program as '{build_dir}/PROGRAM'");
        }
        List<String> argv = command;
        if (!shell && command.size() == 1 && command.getFirst().contains(" ")) {
            try {
                argv = ShellWords.split(command.getFirst()); // one quoted command line, as run takes it
            } catch (IllegalArgumentException e) {
                throw UserError.usage("the command '" + line + "' cannot be split into words: " + e.getMessage()
                        + " (or use --shell)");
            }
        }
        return new Workload(line, shell ? List.of(line) : argv, shell, Map.of(), List.of(), List.of());
    }

    /** How each step runs and is judged, with the good build as the baseline. */
    StudySettings settings(String baseline) {
        int min = minRuns != null ? minRuns : StudySettings.MIN_RUNS;
        int max = maxRuns != null ? maxRuns : StudySettings.MAX_RUNS;
        if (min < 2 || max < min) {
            throw UserError.usage("--min-runs must be at least 2 and --max-runs at least --min-runs (got " + min
                    + " and " + max + ")");
        }
        if (warmup != null && warmup < 0) {
            throw UserError.usage("--warmup must be 0 or more (got " + warmup + ").");
        }
        String metric = primary != null ? primary : StudySettings.PRIMARY;
        if (Metrics.builtin(metric).filter(b -> !b.counter()).isEmpty()) {
            throw UserError.usage("--primary " + metric + " is not a built-in metric overhead measures itself (wall,"
                    + " user, sys, cpu, max_rss, ...)");
        }
        return StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Adaptive(min, max))
                .warmup(warmup != null ? warmup : 0)
                .timeout(timeout == null ? null : duration(timeout))
                .primary(metric)
                .baseline(baseline)
                .compare(compareOptions())
                .seed(seed != null ? seed : System.nanoTime())
                .build();
    }

    CompareOptions compareOptions() {
        CompareOptions defaults = StudySettings.DEFAULTS.compare();
        double level = confidence != null ? confidence : defaults.confidence();
        if (!(level > 0 && level < 1)) {
            throw UserError.usage(
                    "--confidence " + level + " is not a level: give a number between 0 and 1, such as 0.95");
        }
        double margin;
        try {
            margin = threshold != null ? Percentages.parse(threshold) : defaults.thresholdPct();
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--threshold " + e.getMessage());
        }
        return new CompareOptions(level, margin);
    }

    private static java.time.Duration duration(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--timeout '" + text + "' is not a duration: write it like 90s, 20m or 2h");
        }
    }
}
