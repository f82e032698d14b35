package dev.overhead.stats;

/**
 * An additive change between two samples, in the samples' own unit (percentage points of a
 * profile's total, counts of a system call): the difference of means with Welch's interval, and
 * the verdict of {@link Verdicts#decide} on it. Used where the changes of parts must add up to the
 * change of the whole, which a ratio per part does not (a symbol that costs 0 in the baseline has no
 * ratio, and ratios of parts do not sum). Welch, B. L. (1947), Biometrika 34.
 *
 * @param estimate   candidate mean minus baseline mean
 * @param low        lower end of the interval at {@code confidence}
 * @param high       upper end
 * @param pValue     Welch's two-sided p-value (1 when there is no spread and no difference)
 * @param confidence the level the interval was taken at (after any family adjustment)
 */
public record PointChange(double estimate, double low, double high, double pValue, double confidence, Verdict verdict) {

    /**
     * The change from {@code baseline} to {@code candidate}; {@code threshold} is the band, in the same
     * unit, inside which an interval counts as no change. Fewer than two values on a side give an
     * unbounded interval and {@code inconclusive}: one run says nothing about the spread.
     */
    public static PointChange of(double[] baseline, double[] candidate, double confidence, double threshold) {
        if (baseline.length < 2 || candidate.length < 2) {
            double diff = Robust.mean(candidate) - Robust.mean(baseline);
            return new PointChange(
                    diff, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 1, confidence, Verdict.INCONCLUSIVE);
        }
        Shift s = Welch.unpaired(baseline, candidate, confidence);
        return new PointChange(
                s.estimate(),
                s.low(),
                s.high(),
                s.pValue(),
                confidence,
                Verdicts.decide(s.low(), s.high(), Direction.LOWER, threshold));
    }

    /**
     * The level each of {@code family} intervals is taken at so that all of them hold together with
     * {@code confidence} (Bonferroni): a profile compares dozens of symbols at once, and at 95% each
     * one in twenty would look changed by chance.
     */
    public static double familyConfidence(double confidence, int family) {
        return family <= 1 ? confidence : 1 - (1 - confidence) / family;
    }
}
