package dev.overhead.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one place that decides "is it noise?" (STYLE.md §4). The change is a ratio: the candidate's
 * values over the baseline's, estimated on log values (so a 10% cost is +10% whatever the unit, and
 * multiplicative noise becomes additive). Which estimator depends only on the runs per variant,
 * never on the data, so the choice cannot bend the coverage:
 * <ul>
 *   <li>fewer than {@link #RANK_MIN_RUNS} on a side: Welch's t interval on log values — keeps its
 *       coverage at 2–5 runs with skewed noise, where rank and bootstrap intervals cannot reach 95%
 *       or are too narrow;
 *   <li>from {@link #RANK_MIN_RUNS} on: the Hodges-Lehmann shift of log values with the
 *       Mann-Whitney interval — distribution-free, and a spike moves it little.
 * </ul>
 * Values at or below zero (a count of faults that is 0) are compared on the raw scale with Welch.
 * The verdict is {@link Verdicts#decide} on the interval, so CONTRACT §4 holds by construction.
 */
public final class Comparisons {
    static final int RANK_MIN_RUNS = 10;
    static final int FEW_RUNS = 5;
    static final int PAIRED_MIN_PAIRS = 6;

    private Comparisons() {}

    /** Fixed number of runs: the interval at {@code options.confidence()}. */
    public static Comparison compare(double[] baseline, double[] candidate, Direction better, CompareOptions options) {
        return decide(baseline, candidate, better, options, options.confidence(), "");
    }

    /**
     * For adaptive stopping: call after every round; stop when the verdict is decisive or at
     * {@code plan.maxRuns()}, and report this same comparison. Each look's interval is taken at
     * the nominal level of Pocock's boundary over the plan's looks (see {@link PocockBoundary}), so
     * the intervals of all looks together cover the true change with {@code options.confidence()}
     * and an A/A study ends {@code worse} or {@code better} at most 1 − confidence of the time,
     * whenever it stops.
     */
    public static Comparison compareSequential(double[] baseline, double[] candidate, Direction better,
            CompareOptions options, SequentialPlan plan) {
        double nominal = plan.nominalConfidence(options.confidence());
        String note = String.format(Locale.ROOT, ", sequential: Pocock over %d looks, each at %.2f%%",
                plan.looks(), nominal * 100);
        return decide(baseline, candidate, better, options, nominal, note);
    }

    /**
     * Runs taken in rounds (each round runs every variant once, in random order): with at least
     * {@link #PAIRED_MIN_PAIRS} rounds holding both, a paired t interval on the per-round log
     * ratios, which cancels drift that hits both variants of a round. Randomized order within the
     * round keeps the pairs exchangeable, so the coverage holds; with fewer pairs the halved
     * degrees of freedom cost more than pairing gains, and the unpaired comparison is used.
     */
    public static Comparison compare(double[] baseline, int[] baselineRounds, double[] candidate,
            int[] candidateRounds, Direction better, CompareOptions options) {
        Map<Integer, Double> byRound = new HashMap<>();
        for (int i = 0; i < baseline.length; i++) {
            byRound.put(baselineRounds[i], baseline[i]);
        }
        List<Double> diffs = new ArrayList<>();
        for (int i = 0; i < candidate.length; i++) {
            Double b = byRound.get(candidateRounds[i]);
            if (b != null && b > 0 && candidate[i] > 0) {
                diffs.add(Math.log(candidate[i]) - Math.log(b));
            }
        }
        boolean logScale = Robust.allPositive(baseline) && Robust.allPositive(candidate);
        if (!logScale || diffs.size() < PAIRED_MIN_PAIRS) {
            return compare(baseline, candidate, better, options);
        }
        Shift s = Welch.paired(diffs.stream().mapToDouble(Double::doubleValue).toArray(), options.confidence());
        s = new Shift(s.estimate(), s.low(), s.high(), s.pValue(), s.se(), s.df(), "paired-t on log ratios per round");
        List<String> warnings = commonWarnings(baseline, candidate, s);
        return finish(s, true, baseline, candidate, better, options, options.confidence(), warnings);
    }

    private static Comparison decide(double[] baseline, double[] candidate, Direction better,
            CompareOptions options, double confidence, String methodNote) {
        int nb = baseline.length;
        int nc = candidate.length;
        if (nb < 2 || nc < 2) {
            double b = Robust.mean(baseline);
            double c = Robust.mean(candidate);
            return new Comparison(better, nb, nc, b, c, b == 0 ? Double.NaN : (c / b - 1) * 100,
                    Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN, "none", Verdict.INCONCLUSIVE,
                    null, List.of("fewer than 2 runs on one side: no interval; take at least 3 runs per variant"));
        }
        boolean log = Robust.allPositive(baseline) && Robust.allPositive(candidate);
        double[] b = log ? Robust.logs(baseline) : baseline;
        double[] c = log ? Robust.logs(candidate) : candidate;
        Shift s = null;
        if (log && Math.min(nb, nc) >= RANK_MIN_RUNS) {
            s = HodgesLehmann.shift(b, c, confidence);
        }
        if (s == null) {
            s = Welch.unpaired(b, c, confidence);
        }
        String scale = log ? " on log values" : " on raw values";
        s = new Shift(s.estimate(), s.low(), s.high(), s.pValue(), s.se(), s.df(), s.method() + scale + methodNote);
        List<String> warnings = commonWarnings(baseline, candidate, s);
        if (!log) {
            warnings.add("values at or below zero: compared on the raw scale, relative to the baseline's mean");
        }
        return finish(s, log, baseline, candidate, better, options, confidence, warnings);
    }

    private static List<String> commonWarnings(double[] baseline, double[] candidate, Shift s) {
        List<String> warnings = new ArrayList<>();
        int n = Math.min(baseline.length, candidate.length);
        if (n < FEW_RUNS) {
            warnings.add("only " + n + " runs per variant: the interval is wide; " + FEW_RUNS
                    + " or more make small changes visible");
        }
        if (s.se() == 0) {
            warnings.add("no variation in either sample: the interval is a single point");
        }
        int ob = Summary.outliers(baseline).size();
        int oc = Summary.outliers(candidate).size();
        if (ob + oc > 0) {
            warnings.add(String.format(Locale.ROOT,
                    "outliers (modified z-score > 3.5): %d in the baseline, %d in the candidate; kept in the analysis",
                    ob, oc));
        }
        return warnings;
    }

    private static Comparison finish(Shift s, boolean log, double[] baseline, double[] candidate, Direction better,
            CompareOptions options, double confidence, List<String> warnings) {
        double baseValue;
        double candValue;
        if (s.method().startsWith("hodges-lehmann")) {
            baseValue = Robust.median(baseline);
            candValue = Robust.median(candidate);
        } else if (log) {
            baseValue = Math.exp(Robust.mean(Robust.logs(baseline)));
            candValue = Math.exp(Robust.mean(Robust.logs(candidate)));
        } else {
            baseValue = Robust.mean(baseline);
            candValue = Robust.mean(candidate);
        }
        Scale scale = log ? Scale.LOG : new Scale.Raw(Robust.mean(baseline));
        double low = scale.toPct(s.low());
        double high = scale.toPct(s.high());
        Verdict verdict = Verdicts.decide(low, high, better, options.thresholdPct());
        Integer runsNeeded = null;
        if (verdict == Verdict.INCONCLUSIVE) {
            runsNeeded = RunsNeeded.estimate(s, scale, baseline.length, candidate.length, confidence,
                    options.thresholdPct());
            if (runsNeeded == null) {
                warnings.add("the change sits on the equivalence margin: no practical number of runs settles it");
            }
        }
        return new Comparison(better, baseline.length, candidate.length, baseValue, candValue,
                scale.toPct(s.estimate()), low, high, s.pValue(), s.method(), verdict, runsNeeded, warnings);
    }
}
