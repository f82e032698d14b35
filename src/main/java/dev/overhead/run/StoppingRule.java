package dev.overhead.run;

import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Direction;

/**
 * How a comparison is computed while runs are still being added. With a fixed number of runs it is
 * the ordinary comparison; with adaptive stopping it must stay valid although the data are looked
 * at after every round.
 */
@FunctionalInterface
public interface StoppingRule {
    Comparison compare(double[] baseline, double[] candidate, Direction better, CompareOptions options,
            RunOptions runOptions);

    StoppingRule FIXED = (b, c, d, o, r) -> Comparisons.compare(b, c, d, o);
}
