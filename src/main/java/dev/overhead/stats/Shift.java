package dev.overhead.stats;

/**
 * An estimated shift of the candidate from the baseline on one scale (log values, or raw values
 * when some are not positive), with its interval: what every method hands to {@link Comparisons}.
 *
 * @param estimate  candidate minus baseline on that scale
 * @param se        a standard error of the estimate, used to extrapolate runs needed
 * @param df        degrees of freedom of the quantile behind the interval (infinite: normal)
 */
record Shift(double estimate, double low, double high, double pValue, double se, double df, String method) {}
