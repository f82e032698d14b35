package dev.overhead.stats;

/**
 * An estimated shift of the candidate from the baseline on one scale (log values, or raw values
 * when some are not positive), with its interval: what every method hands to {@link Comparisons}.
 *
 * @param estimate  candidate minus baseline on that scale
 * @param se        a standard error of the estimate, used to extrapolate runs needed
 * @param df        degrees of freedom of the quantile behind the interval (infinite: normal)
 * @param estimator which estimator, for code; {@code method} names it for people
 */
record Shift(
        double estimate,
        double low,
        double high,
        double pValue,
        double se,
        double df,
        Method estimator,
        String method) {
    /** The same shift described for the report. */
    Shift named(String name) {
        return new Shift(estimate, low, high, pValue, se, df, estimator, name);
    }
}
