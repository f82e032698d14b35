package dev.overhead.run;

import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.Sample;
import dev.overhead.stats.SequentialPlan;

/**
 * How a comparison is computed while runs are still being added. With a fixed number of runs it is
 * the ordinary comparison; with adaptive stopping it must stay valid although the data are looked
 * at after every round.
 */
@FunctionalInterface
public interface StoppingRule {
    /** Each value comes with its round, so runs of a round can be paired (stats.Comparisons). */
    Comparison compare(
            Sample baseline, Sample candidate, Quantity quantity, CompareOptions options, RunOptions runOptions);

    /**
     * Adaptive studies look at their data after every round, so their intervals are widened for
     * the planned looks (stats' sequential plan); fixed ones use the ordinary comparison.
     */
    StoppingRule STANDARD = (b, c, q, o, r) ->
            Comparisons.compare(b, c, q, o, r.adaptive() ? new SequentialPlan(r.minRuns(), r.maxRuns()) : Looks.FIXED);
}
