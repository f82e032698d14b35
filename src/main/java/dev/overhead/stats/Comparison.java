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
        List<String> warnings) {

    public Comparison {
        warnings = List.copyOf(warnings);
    }
}
