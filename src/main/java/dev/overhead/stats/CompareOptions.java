package dev.overhead.stats;

/**
 * What decides a verdict: the confidence level of the interval and the equivalence margin.
 *
 * @param confidence   e.g. 0.95
 * @param thresholdPct equivalence margin T in percent (1.0 means ±1%)
 */
public record CompareOptions(double confidence, double thresholdPct) {
    public static final CompareOptions DEFAULT = new CompareOptions(0.95, 1.0);

    public CompareOptions {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie between 0 and 1, not " + confidence);
        }
        if (!(thresholdPct >= 0)) {
            throw new IllegalArgumentException("threshold must be a non-negative percentage, not " + thresholdPct);
        }
    }
}
