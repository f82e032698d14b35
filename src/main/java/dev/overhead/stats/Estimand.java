package dev.overhead.stats;

import java.util.Arrays;

/**
 * What the change of a measurement is (docs/statistics.md §2b), chosen before anything is measured
 * ({@code --estimand}), never from the data. Counts are always compared by the ratio of their means,
 * and values at or below zero by the difference of their means, whichever is chosen here.
 */
public enum Estimand {
    /**
     * The ratio of the geometric means, candidate over baseline, at every n, paired or not: what a
     * change costs, slow runs included (the default). Welch's t on log values, or the paired t on
     * the per-round log ratios.
     */
    GEOMEAN("geomean", "ratio of geometric means"),
    /**
     * The typical ratio of a candidate run to a baseline run: the Hodges-Lehmann shift of log values
     * with the exact Mann-Whitney interval (the signed-rank form on per-round log ratios where runs
     * pair). A spike moves one of the m·n ratios, not the estimate, so it is robust to spikes, and
     * it does not see a change that makes slow runs more frequent.
     */
    TYPICAL("typical", "typical ratio");

    private final String word;
    private final String label;

    Estimand(String word, String label) {
        this.word = word;
        this.label = label;
    }

    /** The word of {@code --estimand} and of a stored study's settings. */
    public String word() {
        return word;
    }

    /** What the change is, as {@link Comparison#method()} begins and the report's legend reads it. */
    public String label() {
        return label;
    }

    /** The estimand of that word, or null. */
    public static Estimand of(String word) {
        return Arrays.stream(values())
                .filter(e -> e.word.equalsIgnoreCase(word == null ? "" : word.strip()))
                .findFirst()
                .orElse(null);
    }
}
