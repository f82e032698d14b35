package dev.overhead.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The one place that decides "is it noise?" (docs/architecture.md). The change is a ratio: the candidate's
 * values over the baseline's, estimated on log values (so a 10% cost is +10% whatever the unit, and
 * multiplicative noise becomes additive). What the ratio is — the {@link Estimand} — is chosen up
 * front ({@link CompareOptions#estimand()}), and the procedure by the runs and rounds only, never by
 * the data, so the choice cannot bend the coverage (docs/statistics.md §2b):
 * <ul>
 *   <li>{@link Estimand#GEOMEAN} (the default): the ratio of geometric means at every n — Welch's t
 *       interval on log values, or the paired t on per-round log ratios;
 *   <li>{@link Estimand#TYPICAL}: the Hodges-Lehmann shift of log values with the exact
 *       Mann-Whitney interval at every n where that interval exists (4 runs a side at 95%), the
 *       signed-rank form on per-round log ratios where runs pair — a spike moves it little.
 * </ul>
 * Counts are compared by the ratio of their means ({@link Counts}), values at or below zero by the
 * difference of their means on the raw scale, whatever the estimand.
 * The verdict is {@link Verdicts#decide} on the interval, so the rule of docs/cli.md ("Verdicts")
 * holds by construction.
 */
public final class Comparisons {
    static final int FEW_RUNS = 5;
    static final int PAIRED_MIN_PAIRS = 6;
    /** Fewer runs than this on a side never give a decisive verdict (docs/statistics.md, the edges). */
    static final int MIN_DECISIVE_RUNS = 3;

    private Comparisons() {}

    /**
     * The one entry point: the candidate's sample against the baseline's, for one quantity, judged
     * with {@code looks}. With {@link Looks#FIXED} the interval is at {@code options.confidence()}.
     * With a {@link SequentialPlan} (adaptive stopping: call at the plan's looks, stop when the
     * verdict is decisive or at {@code plan.maxRuns()}, and report this same comparison) each look's
     * interval is taken at the nominal level of the plan's boundary at that many runs (see
     * {@link SequentialPlan#nominalConfidence}), so the intervals of all looks together cover the true change with
     * {@code options.confidence()} and an A/A study ends {@code worse} or {@code better} at most
     * 1 − confidence of the time, whenever it stops.
     *
     * <p>Samples with rounds (each round runs every variant once, in random order) and at least
     * {@link #PAIRED_MIN_PAIRS} complete rounds are compared by their per-round log ratios, which
     * cancels drift of the machine that hits both variants of a round — the paired t interval for the
     * ratio of geometric means, the signed-rank Hodges-Lehmann interval for the typical ratio (where
     * it reaches the confidence; below, the unpaired rank interval). Randomized order
     * within the round keeps the pairs exchangeable, so the coverage holds (docs/statistics.md, drift
     * simulation). A round counts when it holds exactly one value of each side. With fewer complete
     * rounds, values at or below zero, or no rounds, the comparison is unpaired. The choice depends
     * only on the count of complete rounds, never on the values.
     */
    public static Comparison compare(
            Sample baseline, Sample candidate, Quantity quantity, CompareOptions options, Looks looks) {
        double[] b = baseline.values();
        double[] c = candidate.values();
        double confidence = looks.nominalConfidence(options.confidence(), Math.min(b.length, c.length));
        String note = looks instanceof SequentialPlan plan ? ", sequential: " + plan.describe(confidence) : "";
        if (b.length < 2 || c.length < 2) {
            return NoInterval.tooFew(b, c, quantity.better());
        }
        if (Arrays.stream(b).allMatch(x -> x == 0)) {
            return ZeroBaseline.compare(b, c, quantity.better(), confidence, note);
        }
        boolean count = quantity.kind() == Quantity.Kind.COUNT;
        Pairs p = Pairs.of(baseline, candidate, !count);
        if (count) {
            return Counts.compare(b, c, p, quantity.better(), options, confidence, note);
        }
        Comparison paired = p == null ? null : paired(p, quantity.better(), options, confidence, note);
        if (paired != null) {
            return paired;
        }
        return decide(b, c, quantity.better(), options, confidence, note);
    }

    // Short forms for the pinned tests of this package, which state samples as bare arrays.

    static Comparison compare(double[] baseline, double[] candidate, Direction better, CompareOptions options) {
        return compare(Sample.of(baseline), Sample.of(candidate), Quantity.measurement(better), options, Looks.FIXED);
    }

    static Comparison compareSequential(
            double[] baseline, double[] candidate, Direction better, CompareOptions options, SequentialPlan plan) {
        return compare(Sample.of(baseline), Sample.of(candidate), Quantity.measurement(better), options, plan);
    }

    static Comparison compare(
            double[] baseline,
            int[] baselineRounds,
            double[] candidate,
            int[] candidateRounds,
            Direction better,
            CompareOptions options) {
        return compare(
                new Sample(baseline, baselineRounds),
                new Sample(candidate, candidateRounds),
                Quantity.measurement(better),
                options,
                Looks.FIXED);
    }

    static Comparison compareSequential(
            double[] baseline,
            int[] baselineRounds,
            double[] candidate,
            int[] candidateRounds,
            Direction better,
            CompareOptions options,
            SequentialPlan plan) {
        return compare(
                new Sample(baseline, baselineRounds),
                new Sample(candidate, candidateRounds),
                Quantity.measurement(better),
                options,
                plan);
    }

    /** The values of the complete rounds, in round order; null when pairing does not apply. */
    record Pairs(double[] baseline, double[] candidate, int unpaired) {
        static Pairs of(Sample baseline, Sample candidate, boolean logs) {
            double[] b = baseline.values();
            double[] c = candidate.values();
            int[] bRounds = baseline.rounds();
            int[] cRounds = candidate.rounds();
            if (bRounds == null || cRounds == null || (logs && !(Robust.allPositive(b) && Robust.allPositive(c)))) {
                return null;
            }
            SortedMap<Integer, List<Double>> bBy = byRound(b, bRounds);
            Map<Integer, List<Double>> cBy = byRound(c, cRounds);
            List<double[]> pairs = new ArrayList<>();
            bBy.forEach((round, bs) -> {
                List<Double> cs = cBy.get(round);
                if (bs.size() == 1 && cs != null && cs.size() == 1) {
                    pairs.add(new double[] {bs.getFirst(), cs.getFirst()});
                }
            });
            if (pairs.size() < PAIRED_MIN_PAIRS) {
                return null;
            }
            double[] pb = pairs.stream().mapToDouble(x -> x[0]).toArray();
            double[] pc = pairs.stream().mapToDouble(x -> x[1]).toArray();
            return new Pairs(pb, pc, b.length + c.length - 2 * pairs.size());
        }

        private static SortedMap<Integer, List<Double>> byRound(double[] v, int[] rounds) {
            SortedMap<Integer, List<Double>> by = new TreeMap<>();
            for (int i = 0; i < v.length; i++) {
                if (rounds[i] >= 0) {
                    by.computeIfAbsent(rounds[i], k -> new ArrayList<>()).add(v[i]);
                }
            }
            return by;
        }
    }

    private static Comparison paired(
            Pairs p, Direction better, CompareOptions options, double confidence, String methodNote) {
        double[] diffs = new double[p.baseline().length];
        for (int i = 0; i < diffs.length; i++) {
            diffs[i] = Math.log(p.candidate()[i]) - Math.log(p.baseline()[i]);
        }
        Shift s = EstimandShifts.pairedShift(diffs, p, options.estimand(), confidence);
        if (s == null) {
            return null; // too few rounds for a signed-rank interval at this level: the unpaired rank one
        }
        boolean collapsed =
                options.estimand() == Estimand.TYPICAL && !s.estimator().rank();
        s = s.named(label(s) + ", " + s.method() + " on log ratios over " + diffs.length + " rounds" + methodNote);
        List<String> warnings = commonWarnings(p.baseline(), p.candidate(), s);
        if (collapsed) {
            warnings.add(TIES);
        }
        if (p.unpaired() > 0) {
            warnings.add(unpairedNote(p.unpaired()));
        }
        return finish(
                Estimate.of(s, Scale.LOG, p.baseline(), p.candidate()),
                p.baseline(),
                p.candidate(),
                better,
                options,
                confidence,
                warnings);
    }

    /** What a shift on log values estimates, as {@code method} begins: the estimand, by the procedure. */
    private static String label(Shift s) {
        return (s.estimator().rank() ? Estimand.TYPICAL : Estimand.GEOMEAN).label();
    }

    static String unpairedNote(int unpaired) {
        return unpaired + (unpaired == 1 ? " run" : " runs")
                + " without a partner in its round (failed, or a round run twice): left out of the paired comparison";
    }

    private static Comparison decide(
            double[] baseline,
            double[] candidate,
            Direction better,
            CompareOptions options,
            double confidence,
            String methodNote) {
        boolean log = Robust.allPositive(baseline) && Robust.allPositive(candidate);
        double[] b = log ? Robust.logs(baseline) : baseline;
        double[] c = log ? Robust.logs(candidate) : candidate;
        Shift s;
        boolean collapsed = false;
        if (log) {
            s = EstimandShifts.unpairedLogShift(b, c, baseline, candidate, options.estimand(), confidence);
            if (s == null) {
                return NoInterval.typical(baseline, candidate, b, c, better, confidence, methodNote);
            }
            collapsed = options.estimand() == Estimand.TYPICAL && !s.estimator().rank();
        } else {
            s = Welch.unpaired(b, c, confidence);
        }
        String named = log
                ? label(s) + ", " + s.method() + " on log values"
                : "difference of means, " + s.method() + " on raw values";
        s = s.named(named + methodNote);
        List<String> warnings = commonWarnings(baseline, candidate, s);
        if (collapsed) {
            warnings.add(TIES);
        }
        if (!log) {
            warnings.add("values at or below zero: compared on the raw scale, relative to the baseline's mean");
        }
        Scale sc = log ? Scale.LOG : new Scale.Raw(Robust.mean(baseline));
        return finish(
                Estimate.of(s, sc, baseline, candidate), baseline, candidate, better, options, confidence, warnings);
    }

    static final String TIES = "ties: the rank interval shrank to a single point although the values vary;"
            + " the t interval is used instead";

    /** A rank interval of zero width while a sample varies: ties, not certainty (never reported as a point). */
    static boolean pointWhileVarying(Shift s, double[] baseline, double[] candidate) {
        return s.low() == s.high() && !(constant(baseline) && constant(candidate));
    }

    static boolean constant(double[] v) {
        return Arrays.stream(v).allMatch(x -> x == v[0]);
    }

    static List<String> commonWarnings(double[] baseline, double[] candidate, Shift s) {
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
            warnings.add(String.format(
                    Locale.ROOT,
                    "outliers (modified z-score > 3.5): %d in the baseline, %d in the candidate; kept in the analysis",
                    ob,
                    oc));
        }
        return warnings;
    }

    /**
     * What every method hands to {@link #finish}: the shift behind the interval (for the p-value and
     * runs needed), its scale, the change and its interval in percent, and the central values the
     * change is computed from.
     */
    record Estimate(
            Shift shift,
            Scale scale,
            double changePct,
            double lowPct,
            double highPct,
            double baselineValue,
            double candidateValue) {
        static Estimate of(Shift s, Scale scale, double[] baseline, double[] candidate) {
            double baseValue;
            double candValue;
            if (s.estimator().rank()) {
                // the typical ratio is no ratio of two summaries: the figures it is computed from are
                // the baseline's median and that median times the ratio (docs/statistics.md §2b)
                baseValue = Robust.median(baseline);
                candValue = baseValue * Math.exp(s.estimate());
            } else if (scale instanceof Scale.Log) {
                baseValue = Math.exp(Robust.mean(Robust.logs(baseline)));
                candValue = Math.exp(Robust.mean(Robust.logs(candidate)));
            } else {
                baseValue = Robust.mean(baseline);
                candValue = Robust.mean(candidate);
            }
            return new Estimate(
                    s,
                    scale,
                    scale.toPct(s.estimate()),
                    scale.toPct(s.low()),
                    scale.toPct(s.high()),
                    baseValue,
                    candValue);
        }
    }

    /**
     * The verdict of docs/cli.md on the interval, then the edges where an interval must not
     * decide (docs/statistics.md, the edges): fewer than {@link #MIN_DECISIVE_RUNS} runs on a side (two runs of a
     * two-state machine agree by chance too often), an interval of zero width unless both
     * samples are constant (a deterministic figure, which decides worse or better from 3 runs on), and an
     * `equivalent` that a mode in the share of runs the sample could not have seen would undo
     * ({@link UnseenModes}: two equal constant samples say `equivalent` from 8 runs a side at 95%).
     */
    static Comparison finish(
            Estimate e,
            double[] baseline,
            double[] candidate,
            Direction better,
            CompareOptions options,
            double confidence,
            List<String> warnings) {
        return finish(e, baseline, candidate, false, better, options, confidence, warnings);
    }

    /**
     * @param onScale the values are already on the estimate's scale (a design's per-unit mean log values),
     *                not raw run values
     */
    static Comparison finish(
            Estimate e,
            double[] baseline,
            double[] candidate,
            boolean onScale,
            Direction better,
            CompareOptions options,
            double confidence,
            List<String> warnings) {
        Shift s = e.shift();
        double low = e.lowPct();
        double high = e.highPct();
        Verdict verdict = Verdicts.decide(low, high, better, options.thresholdPct());
        UnseenModes.Guard guard =
                UnseenModes.of(baseline, candidate, onScale, e.scale(), confidence, options.thresholdPct());
        int n = Math.min(baseline.length, candidate.length);
        boolean blocked = false;
        if (verdict.decisive() && n < MIN_DECISIVE_RUNS) {
            warnings.add("fewer than " + MIN_DECISIVE_RUNS + " runs on a side: no verdict from " + n
                    + " (the interval is shown); take at least " + MIN_DECISIVE_RUNS);
            blocked = true;
        } else if (verdict.decisive() && low == high && !(constant(baseline) && constant(candidate))) {
            warnings.add("the interval has no width although the values vary: no verdict from it");
            blocked = true;
        } else if (verdict == Verdict.EQUIVALENT && !guard.excludes(e.scale(), low, high, options.thresholdPct())) {
            warnings.add(guard.sentence(e.scale(), options.thresholdPct()));
            blocked = true;
        }
        Integer runsNeeded = null;
        if (blocked || verdict == Verdict.INCONCLUSIVE) {
            verdict = Verdict.INCONCLUSIVE;
            runsNeeded = RunsNeeded.estimate(
                    s, e.scale(), baseline.length, candidate.length, confidence, options.thresholdPct(), guard.size());
            if (runsNeeded != null || blocked) {
                runsNeeded = Math.max(runsNeeded == null ? 0 : runsNeeded, MIN_DECISIVE_RUNS);
            } else {
                warnings.add("the change sits on the equivalence margin: no practical number of runs settles it");
            }
        }
        return new Comparison(
                better,
                baseline.length,
                candidate.length,
                e.baselineValue(),
                e.candidateValue(),
                e.changePct(),
                low,
                high,
                s.pValue(),
                s.method(),
                verdict,
                runsNeeded,
                warnings,
                null,
                null);
    }
}
