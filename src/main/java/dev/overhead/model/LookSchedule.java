package dev.overhead.model;

import dev.overhead.stats.SequentialPlan;

/**
 * When an adaptive study looks at its data (and may stop): a function of the settings alone, so a
 * resumed study looks where the uninterrupted one would have, and a report judges a stored study
 * with the looks it took (docs/statistics.md §4).
 */
public enum LookSchedule {
    /** After every round, Pocock's constant: what studies stored before the looks were spaced did. */
    EVERY_ROUND("every-round"),
    /** At min, 2·min, 4·min, … runs and at max (5, 10, 20, 40, 50), Pocock's constant: the default. */
    DOUBLING("doubling");

    private final String word;

    LookSchedule(String word) {
        this.word = word;
    }

    /** The stored and shown name. */
    public String word() {
        return word;
    }

    /** The schedule of that name, or null for a name this version does not know. */
    public static LookSchedule of(String word) {
        for (LookSchedule s : values()) {
            if (s.word.equals(word)) {
                return s;
            }
        }
        return null;
    }

    /** The sequential plan these looks make between the study's bounds. */
    public SequentialPlan plan(int minRuns, int maxRuns) {
        return this == EVERY_ROUND ? SequentialPlan.everyRound(minRuns, maxRuns) : new SequentialPlan(minRuns, maxRuns);
    }
}
