package dev.overhead.model;

import java.time.Instant;
import java.util.Map;

/**
 * One measured run of one variant (docs/cli.md, "What one run records"). Base units: seconds, KiB, counts.
 *
 * @param index       position among this variant's measured runs, from 0
 * @param sequence    position among all measured runs of the study, across workloads and variants
 * @param round       the round it belonged to (every variant runs once per round)
 * @param exitCode    exit status; a signal N is recorded as 128+N with {@code signal} N
 * @param maxRssExact false where the peak RSS could not be separated from the harness's
 *                    (no forking helper): then {@code maxRssKib} is not the command's own figure
 * @param metrics     figures parsed from the command's output, by name, and the CPU counters
 *                    ({@code instructions}, {@code cycles}) where they were asked for and counted
 * @param build       the build it measured (1-based), in a study whose variants were built several
 *                    times ({@code levels: {build: N}}); null where builds are not a level
 * @param boot        the boot it ran in: an id distinct for each share of runs measured after a
 *                    switch ({@code levels: {boot: N}}); null where boots are not a level
 */
public record Run(
        int index,
        int sequence,
        int round,
        Instant started,
        int exitCode,
        Integer signal,
        boolean timedOut,
        double wallS,
        double userS,
        double sysS,
        long maxRssKib,
        boolean maxRssExact,
        long minorFaults,
        long majorFaults,
        long voluntaryCs,
        long involuntaryCs,
        long fsInBlocks,
        long fsOutBlocks,
        Map<String, Double> metrics,
        Integer build,
        Integer boot) {

    public Run {
        metrics = Map.copyOf(metrics);
    }

    /** The same run, recorded as measured in this build and boot (null: not a level of the study). */
    public Run inUnit(Integer build, Integer boot) {
        return new Run(
                index,
                sequence,
                round,
                started,
                exitCode,
                signal,
                timedOut,
                wallS,
                userS,
                sysS,
                maxRssKib,
                maxRssExact,
                minorFaults,
                majorFaults,
                voluntaryCs,
                involuntaryCs,
                fsInBlocks,
                fsOutBlocks,
                metrics,
                build,
                boot);
    }

    public boolean failed() {
        return exitCode != 0 || timedOut;
    }
}
