package dev.overhead.model;

import dev.overhead.stats.Verdict;
import java.util.List;

/**
 * A whole bisection: the range, how it was judged, every step, and how it ended. Rendered by
 * {@code report.BisectRenderers}.
 *
 * @param good         the good revision's full hash
 * @param bad          the bad revision's full hash
 * @param commits      how many commits lie after good up to and including bad (first-parent)
 * @param command      the measured command, as given
 * @param build        the build command; null when none was given
 * @param metric       the metric each step was judged on
 * @param thresholdPct the equivalence margin of the verdicts
 * @param confidence   the confidence level of the intervals
 * @param maxRuns      the budget of runs per build and step
 * @param steps        the steps, in the order taken
 * @param end          how it ended
 * @param warnings     notes to show under the steps
 */
public record BisectResult(
        String good,
        String bad,
        int commits,
        String command,
        String build,
        String metric,
        double thresholdPct,
        double confidence,
        int maxRuns,
        List<BisectStep> steps,
        End end,
        List<String> warnings) {

    public BisectResult {
        steps = List.copyOf(steps);
        warnings = List.copyOf(warnings);
    }

    /**
     * The midpoint between the good end (0%) and the bad end ({@code badPct}) on the ratio scale, where
     * the costs of a build multiply: sqrt(1 + D) - 1, +64.3% for a bad end of x2.7 (+170%). A commit
     * whose interval lies above it is like bad, below it like good (docs/why-and-bisect.md).
     */
    public static double midpointPct(double badPct) {
        return (Math.sqrt(1 + badPct / 100) - 1) * 100;
    }

    /** The midpoint the later steps were marked by, or null where the bad revision was not measured bad. */
    public Double midpoint() {
        return steps.stream()
                .filter(s -> s.position() == commits && s.mark() == BisectStep.Mark.BAD && s.comparison() != null)
                .map(s -> midpointPct(s.comparison().changePct()))
                .filter(m -> m > 0)
                .findFirst()
                .orElse(null);
    }

    /** How a bisection ended. */
    public sealed interface End permits Found, Candidates, NotWorse, Interrupted {}

    /** The first commit whose cost is {@code worse}: every commit before it was measured good or lies before one that was. */
    public record Found(String commit, String subject, int position) implements End {}

    /**
     * Steps were skipped where the answer lies: the first worse commit is one of these (in order),
     * and about {@code runsNeeded} runs per build (null: unknown) would likely settle the skipped ones.
     */
    public record Candidates(List<String> commits, Integer runsNeeded) implements End {
        public Candidates {
            commits = List.copyOf(commits);
        }
    }

    /**
     * The bad revision was not measured {@code worse} than the good one, so there is nothing to look
     * for: {@code verdict} is what it was instead ({@code inconclusive} with {@code runsNeeded}
     * runs per build likely to settle it, or {@code equivalent}, or {@code better}).
     */
    public record NotWorse(Verdict verdict, Integer runsNeeded) implements End {}

    /** Ctrl-C or a signal ended it; the steps so far are kept. */
    public record Interrupted() implements End {}
}
