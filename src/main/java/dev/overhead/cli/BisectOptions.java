package dev.overhead.cli;

import dev.overhead.model.Metrics;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Workload;
import dev.overhead.plan.ShellWords;
import dev.overhead.study.UserError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What {@code bisect} and {@code bisect step} share: the build, how each step is measured and judged
 * ({@code run}'s options: each build is a variant), the command.
 */
final class BisectOptions {
    @Option(
            names = "--build",
            paramLabel = "CMD",
            description = "Shell command that builds a checked-out revision, run in its directory ({build_dir}).")
    String build;

    @Mixin
    MarginOptions margin;

    @Mixin
    RunningOptions running;

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
        if (!running.shell && command.size() == 1 && command.getFirst().contains(" ")) {
            try {
                argv = ShellWords.split(command.getFirst()); // one quoted command line, as run takes it
            } catch (IllegalArgumentException e) {
                throw UserError.usage("the command '" + line + "' cannot be split into words: " + e.getMessage()
                        + " (or use --shell)");
            }
        }
        return new Workload(line, running.shell ? List.of(line) : argv, running.shell, Map.of(), List.of(), List.of());
    }

    /** How each step runs and is judged, with the good build as the baseline. */
    StudySettings settings(String baseline) {
        int min = running.minRuns != null ? running.minRuns : StudySettings.MIN_RUNS;
        int max = running.maxRuns != null ? running.maxRuns : StudySettings.MAX_RUNS;
        RunningOptions.checkRuns(min, max);
        Integer warmup = running.warmup();
        String metric = running.primary != null ? running.primary : StudySettings.PRIMARY;
        if (Metrics.builtin(metric).filter(b -> !b.counter()).isEmpty()) {
            throw UserError.usage("--primary " + metric + " is not a built-in metric overhead measures itself (wall,"
                    + " user, sys, cpu, max_rss, ...)");
        }
        return StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Adaptive(min, max))
                .warmup(warmup != null ? warmup : 0)
                .timeout(running.timeout())
                .primary(metric)
                .baseline(baseline)
                .compare(margin.compareOptions())
                .seed(running.seed != null ? running.seed : System.nanoTime())
                .build();
    }
}
