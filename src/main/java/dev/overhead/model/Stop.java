package dev.overhead.model;

import java.util.Locale;

/**
 * Why a workload's runs ended, and after how many runs per variant (docs/statistics.md): the report says the
 * true reason, and a stored study keeps it so that {@code report} says it later too.
 *
 * @param runs the runs per variant at the stop (the most any variant had)
 */
public record Stop(Reason reason, int runs) {

    public enum Reason {
        /** At a look of an adaptive study, every primary verdict was settled (and within --precision). */
        SETTLED,
        /** An adaptive study reached --max-runs with something not settled (or not as precise as asked). */
        MAX_RUNS,
        /** The time budget ran out. */
        TIME_BUDGET,
        /** Ctrl-C (or another interruption): what was measured is kept. */
        INTERRUPTED,
        /** A fixed number of runs, done (--runs, blocked order, or a study over builds). */
        RUNS;

        /** The word in the JSON and the store: {@code settled}, {@code max_runs}, ... */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The reason a word names, or null for a word this version does not know. */
        public static Reason of(String word) {
            for (Reason r : values()) {
                if (r.word().equals(word)) {
                    return r;
                }
            }
            return null;
        }
    }
}
