package dev.overhead.stats;

import java.util.List;
import java.util.Map;

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
 * @param design         for studies repeated at an outer level (builds, boots): the level the
 *                       interval rests on, its units and how the variance splits; null for runs
 *                       and rounds (docs/statistics.md, levels). With a design, {@code runsNeeded}
 *                       counts units (builds or boots) per variant, not runs
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
        Difference difference,
        Design design) {

    public Comparison {
        warnings = List.copyOf(warnings);
    }

    /** Candidate minus baseline in the metric's unit, with its interval at the comparison's confidence. */
    public record Difference(double estimate, double low, double high) {}

    /**
     * The same comparison with another verdict, for a rule that overrules the interval's (rare events, a
     * family's correction, a figure's resolution): how many runs would settle it and the warnings that say
     * why go with it.
     */
    public Comparison withVerdict(Verdict verdict, Integer runsNeeded, List<String> warnings) {
        return new Comparison(
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
                difference,
                design);
    }

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
                difference,
                design);
    }

    /** The same comparison resting on these run counts, with these warnings. */
    public Comparison withRuns(int nBaseline, int nCandidate, List<String> warnings) {
        return new Comparison(
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
                difference,
                design);
    }

    /** The same comparison carrying this design (an adjusted copy keeps what it was computed at). */
    public Comparison withDesign(Design d) {
        return new Comparison(
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
                difference,
                d);
    }

    /**
     * What the interval rests on (docs/cli.md, {@code design}): {@code builds} or {@code boots} for
     * studies repeated at those levels, else {@code rounds} where runs were paired by round, else
     * {@code runs}.
     */
    public String designName() {
        if (design != null) {
            return design.name();
        }
        return method.contains("over ") && method.contains(" rounds") ? "rounds" : "runs";
    }

    /**
     * The outer level of a study's design.
     *
     * @param name          {@code builds} or {@code boots}: the level the interval was computed at
     * @param units         how many units of each level the interval rests on, per variant (the
     *                      smaller side), e.g. {@code {build=3, boot=4}}
     * @param betweenShare  the share of the variance of log values that lies between units (0..1;
     *                      NaN where it cannot be told: one unit per variant)
     */
    public record Design(String name, Map<String, Integer> units, double betweenShare) {
        public Design {
            units = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(units));
        }

        /** The word for one unit: {@code build} or {@code boot}. */
        public String unit() {
            return name.substring(0, name.length() - 1);
        }
    }
}
