package dev.overhead.stats;

/**
 * What decides a verdict: the confidence level of the interval, the equivalence margin, and what
 * the change of a measurement is.
 *
 * @param confidence   e.g. 0.95
 * @param thresholdPct equivalence margin T in percent (1.0 means ±1%)
 * @param estimand     the change of a measurement (docs/statistics.md §2b); null: the default
 */
public record CompareOptions(double confidence, double thresholdPct, Estimand estimand) {
    public static final CompareOptions DEFAULT = new CompareOptions(0.95, 1.0);

    public CompareOptions {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie between 0 and 1, not " + confidence);
        }
        if (!(thresholdPct >= 0)) {
            throw new IllegalArgumentException("threshold must be a non-negative percentage, not " + thresholdPct);
        }
        estimand = estimand == null ? Estimand.GEOMEAN : estimand;
    }

    /** The default estimand, the ratio of geometric means. */
    public CompareOptions(double confidence, double thresholdPct) {
        this(confidence, thresholdPct, Estimand.GEOMEAN);
    }

    /** The same options at another confidence (a look of an adaptive study). */
    public CompareOptions atConfidence(double level) {
        return new CompareOptions(level, thresholdPct, estimand);
    }
}
