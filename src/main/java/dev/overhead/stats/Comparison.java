package dev.overhead.stats;

import java.util.List;

/**
 * One candidate sample against one baseline sample, for one metric.
 *
 * @param baselineValue  the baseline's central value (the estimator named by {@code method})
 * @param candidateValue the candidate's central value
 * @param changePct      relative change of candidate against baseline in percent; positive: larger
 * @param ciLowPct       lower end of the change's interval at the requested confidence
 * @param ciHighPct      upper end
 * @param pValue         two-sided p-value of "no change", NaN where undefined
 * @param method         name of the method, for the report
 * @param runsNeeded     for an inconclusive verdict, runs per variant likely to settle it; else null
 * @param warnings       notes about this comparison (few runs, zero variance, ...)
 * @param difference     the absolute difference of the means with its interval, where the relative
 *                       change is undefined (a baseline that is 0 in every run); else null
 */
public record Comparison(
        Direction better,
        int nBaseline,
        int nCandidate,
        double baselineValue,
        double candidateValue,
        double changePct,
        double ciLowPct,
        double ciHighPct,
        double pValue,
        String method,
        Verdict verdict,
        Integer runsNeeded,
        List<String> warnings,
        Difference difference) {

    public Comparison {
        warnings = List.copyOf(warnings);
    }

    /** A comparison whose relative change is defined (every one but an all-zero baseline's). */
    public Comparison(
            Direction better,
            int nBaseline,
            int nCandidate,
            double baselineValue,
            double candidateValue,
            double changePct,
            double ciLowPct,
            double ciHighPct,
            double pValue,
            String method,
            Verdict verdict,
            Integer runsNeeded,
            List<String> warnings) {
        this(
                better,
                nBaseline,
                nCandidate,
                baselineValue,
                candidateValue,
                changePct,
                ciLowPct,
                ciHighPct,
                pValue,
                method,
                verdict,
                runsNeeded,
                warnings,
                null);
    }

    /** Candidate minus baseline in the metric's unit, with its interval at the comparison's confidence. */
    public record Difference(double estimate, double low, double high) {}

    /** The same comparison with another p-value (after an adjustment for many comparisons). */
    public Comparison withPValue(double p) {
        return new Comparison(
                better,
                nBaseline,
                nCandidate,
                baselineValue,
                candidateValue,
                changePct,
                ciLowPct,
                ciHighPct,
                p,
                method,
                verdict,
                runsNeeded,
                warnings,
                difference);
    }
}
