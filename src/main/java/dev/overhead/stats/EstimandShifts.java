package dev.overhead.stats;

import java.util.Arrays;

/**
 * Which interval a measurement's change gets, by its {@link Estimand} and the runs and rounds only
 * (docs/statistics.md §2, §2b): the one choice that {@link Comparisons} (each row) and
 * {@link GeoMean} (the overall row, from the rows' own shifts) share, so they cannot disagree.
 */
final class EstimandShifts {
    private EstimandShifts() {}

    /**
     * The estimand's shift on per-round log ratios: the paired t for the ratio of geometric means; the
     * signed-rank interval for the typical ratio (the paired t where ties collapse it to a point while
     * the values vary, which the caller says), or null where it cannot reach the confidence.
     */
    static Shift pairedShift(double[] diffs, Comparisons.Pairs p, Estimand estimand, double confidence) {
        if (estimand == Estimand.TYPICAL) {
            Shift s = SignedRank.shift(diffs, confidence);
            if (s == null) {
                return null;
            }
            if (!Comparisons.pointWhileVarying(s, p.baseline(), p.candidate())) {
                return s;
            }
        }
        return Welch.paired(diffs, confidence);
    }

    /**
     * The estimand's shift of unpaired log values {@code lb}, {@code lc}: Welch's t for the ratio of
     * geometric means; the Hodges-Lehmann interval for the typical ratio (Welch's where ties collapse
     * it while the values vary), or null where the exact Mann-Whitney interval cannot reach the
     * confidence.
     */
    static Shift unpairedLogShift(
            double[] lb, double[] lc, double[] baseline, double[] candidate, Estimand estimand, double confidence) {
        if (estimand == Estimand.TYPICAL) {
            Shift s = HodgesLehmann.shift(lb, lc, confidence);
            if (s == null) {
                return null;
            }
            if (!Comparisons.pointWhileVarying(s, baseline, candidate)) {
                return s;
            }
        }
        return Welch.unpaired(lb, lc, confidence);
    }

    /**
     * What a measurement's row reports on the log scale, for the overall row ({@link GeoMean}); the same choice as {@link Comparisons#compare}: the
     * shift (paired where the row is) and the baseline's figure; null where the row has no log ratio
     * (fewer than 2 runs on a side, a value at or below zero). Where the typical ratio has no
     * interval, the shift has an infinite standard error.
     */
    static RowShift rowShift(Sample baseline, Sample candidate, Estimand estimand, double confidence) {
        double[] b = baseline.values();
        double[] c = candidate.values();
        if (b.length < 2 || c.length < 2 || !Robust.allPositive(b) || !Robust.allPositive(c)) {
            return null;
        }
        Comparisons.Pairs p = Comparisons.Pairs.of(baseline, candidate, true);
        if (p != null) {
            double[] diffs = new double[p.baseline().length];
            for (int i = 0; i < diffs.length; i++) {
                diffs[i] = Math.log(p.candidate()[i]) - Math.log(p.baseline()[i]);
            }
            Shift s = pairedShift(diffs, p, estimand, confidence);
            if (s != null) {
                return new RowShift(
                        s,
                        Comparisons.Estimate.of(s, Scale.LOG, p.baseline(), p.candidate())
                                .baselineValue());
            }
        }
        double[] lb = Robust.logs(b);
        double[] lc = Robust.logs(c);
        Shift s = unpairedLogShift(lb, lc, b, c, estimand, confidence);
        if (s == null) {
            return new RowShift(noInterval(lb, lc), Robust.median(b));
        }
        return new RowShift(s, Comparisons.Estimate.of(s, Scale.LOG, b, c).baselineValue());
    }

    /** A row's shift on log values and the baseline figure it is reported against. */
    record RowShift(Shift shift, double baselineValue) {}

    /** The typical ratio's estimate with no interval: (−∞, +∞), an infinite standard error. */
    static Shift noInterval(double[] lb, double[] lc) {
        double[] sb = lb.clone();
        Arrays.sort(sb);
        double[] sc = lc.clone();
        Arrays.sort(sc);
        double estimate = SortedMatrix.differencesOfSorted(sb, sc).median();
        return new Shift(
                estimate,
                Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY,
                Double.NaN,
                Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY,
                Method.HODGES_LEHMANN,
                "hodges-lehmann");
    }
}
