package dev.overhead.run;

import dev.overhead.stats.Verdict;
import java.time.Duration;

/** What the run loop tells the outside while it works: progress for a terminal, nothing for tests. */
public interface Listener {

    /**
     * One run has ended.
     *
     * @param done        measured runs done so far in the study
     * @param planned     the most the study will take (adaptive stopping may end sooner)
     * @param spreadPct   the coefficient of variation of this variant's primary metric so far, NaN if
     *                    fewer than 2 runs
     * @param verdict     the current verdict of the primary metric's least settled comparison, or null
     * @param intervalPct the current interval of that comparison, or null
     */
    void runEnded(
            String workload,
            String variant,
            int index,
            int done,
            int planned,
            Duration elapsed,
            Duration estimatedLeft,
            double spreadPct,
            Verdict verdict,
            double[] intervalPct);

    /** A sentence worth showing now (also kept as a warning of the study). */
    default void note(String sentence) {}

    /** The study ended or was interrupted: clear any live line. */
    default void finished() {}

    Listener SILENT = (w, v, i, d, p, e, l, s, verdict, ci) -> {};
}
