package dev.overhead.stats;

import java.util.List;

/**
 * Counts of events per run (faults, context switches, blocks): small integers with ties and zeros.
 * Their cost is in the mean — 2 faults in 80% of runs and 3 in 20% against 40% is a 9% cost that a
 * median or a rank shift of 0 hides — so they are compared by the ratio of their means, with
 * Fieller's interval ({@link MeanRatio}), paired by round where {@link Comparisons} would pair.
 * Where a side's events are too rare for that interval (its mean cannot be told from 0), a verdict
 * also needs the runs with events to show it ({@link RareEvents}).
 * Chosen by the metric's kind, never by the values, so one run with 0 does not change the method.
 */
final class Counts {
    private Counts() {}

    static Comparison compare(
            double[] baseline,
            double[] candidate,
            Comparisons.Pairs pairs,
            Direction better,
            CompareOptions options,
            double confidence,
            String note) {
        double[] b = pairs != null ? pairs.baseline() : baseline;
        double[] c = pairs != null ? pairs.candidate() : candidate;
        MeanRatio.Interval r;
        Shift s;
        String method;
        if (pairs != null) {
            r = MeanRatio.paired(b, c, confidence);
            double[] d = new double[b.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = c[i] - b[i];
            }
            s = Welch.paired(d, confidence);
            method = "ratio of means, paired fieller over " + b.length + " rounds";
        } else {
            r = MeanRatio.unpaired(b, c, confidence);
            s = Welch.unpaired(b, c, confidence);
            method = "ratio of means, fieller-welch";
        }
        s = s.named(method + note);
        double mb = Robust.mean(b);
        Comparisons.Estimate e = new Comparisons.Estimate(
                s,
                new Scale.Raw(mb),
                (r.ratio() - 1) * 100,
                (r.low() - 1) * 100,
                (r.high() - 1) * 100,
                mb,
                Robust.mean(c));
        List<String> warnings = Comparisons.commonWarnings(b, c, s);
        if (pairs != null && pairs.unpaired() > 0) {
            warnings.add(Comparisons.unpairedNote(pairs.unpaired()));
        }
        if (Double.isInfinite(r.high())) {
            warnings.add("the baseline's mean cannot be told from 0: the interval of the ratio is unbounded");
        }
        return rareEvents(Comparisons.finish(e, b, c, better, options, confidence, warnings), b, c, confidence);
    }

    /**
     * Where a side's mean cannot be told from 0 (a near-zero count: events in a few runs), the t-based
     * interval's verdict stands only if the runs with events agree ({@link RareEvents}).
     */
    static Comparison rareEvents(Comparison c, double[] b, double[] cand, double confidence) {
        if (!c.verdict().decisive() || !(RareEvents.sparse(b, confidence) || RareEvents.sparse(cand, confidence))) {
            return c;
        }
        int kb = RareEvents.withEvents(b, 1);
        int kc = RareEvents.withEvents(cand, 1);
        int dir = RareEvents.direction(kb, b.length, kc, cand.length, confidence);
        boolean larger = c.ciLowPct() > 0;
        if (dir == (larger ? 1 : -1)) {
            return c;
        }
        List<String> warnings = new java.util.ArrayList<>(c.warnings());
        warnings.add(RareEvents.sentence(kb, b.length, kc, cand.length, "runs", confidence));
        Integer needed = RareEvents.runsNeeded(kb, b.length, kc, cand.length, confidence);
        return c.withVerdict(Verdict.INCONCLUSIVE, needed, warnings);
    }
}
