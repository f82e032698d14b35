package dev.overhead.run;

import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Direction;
import dev.overhead.stats.SequentialPlan;

/**
 * How a comparison is computed while runs are still being added. With a fixed number of runs it is
 * the ordinary comparison; with adaptive stopping it must stay valid although the data are looked
 * at after every round.
 */
@FunctionalInterface
public interface StoppingRule {
    Comparison compare(double[] baseline, double[] candidate, Direction better, CompareOptions options,
            RunOptions runOptions);

    /** The ordinary comparison, right only when the number of runs was fixed in advance. */
    StoppingRule FIXED = (b, c, d, o, r) -> Comparisons.compare(b, c, d, o);

    /**
     * Adaptive studies look at their data after every round, so their intervals are widened for
     * the planned looks (stats' sequential plan); fixed ones use the ordinary comparison.
     */
    StoppingRule STANDARD = (b, c, d, o, r) -> r.adaptive()
            ? Comparisons.compareSequential(b, c, d, o, new SequentialPlan(r.minRuns(), r.maxRuns()))
            : Comparisons.compare(b, c, d, o);
}
