package dev.overhead.cli;

import dev.overhead.model.StudySettings;
import dev.overhead.plan.Durations;
import dev.overhead.study.UserError;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How the runs of each variant go: how many, the warm-up, the shell, the time limit, the metric that
 * decides and the seed. Mixed into {@code run} (and so {@code why}) and {@code bisect}, where each
 * build is a variant.
 */
final class RunningOptions {
    @Option(
            names = "--min-runs",
            paramLabel = "N",
            description = "Adaptive stopping: at least N runs (default " + StudySettings.MIN_RUNS + ").")
    Integer minRuns;

    @Option(
            names = "--max-runs",
            paramLabel = "N",
            description = "Adaptive stopping: at most N runs (default " + StudySettings.MAX_RUNS + ").")
    Integer maxRuns;

    @Option(names = "--warmup", paramLabel = "N", description = "Runs per variant before measuring, not recorded.")
    Integer warmup;

    @Option(
            names = "--primary",
            paramLabel = "METRIC",
            description = "The metric adaptive stopping and the headline use (default " + StudySettings.PRIMARY + ").")
    String primary;

    @Option(names = "--shell", description = "Run commands through /bin/sh -c (default: executed directly).")
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

    /** Adaptive stopping's bounds, wherever they came from, refused where no study could keep them. */
    static void checkRuns(int min, int max) {
        if (min < 2 || max < min) {
            throw UserError.usage("--min-runs must be at least 2 and --max-runs at least --min-runs (got " + min
                    + " and " + max + ")");
        }
    }

    /** --warmup as given (null: not given), refused below 0. */
    Integer warmup() {
        if (warmup != null && warmup < 0) {
            throw UserError.usage("--warmup must be 0 or more (got " + warmup + ").");
        }
        return warmup;
    }

    /** --timeout as given (null: not given), refused when it is no duration. */
    Duration timeout() {
        if (timeout == null) {
            return null;
        }
        try {
            return Durations.parse(timeout);
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--timeout '" + timeout + "' is not a duration: write it like 90s, 20m or 2h");
        }
    }
}
