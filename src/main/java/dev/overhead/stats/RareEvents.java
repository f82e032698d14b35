package dev.overhead.stats;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntPredicate;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.apache.commons.statistics.inference.FisherExactTest;

/**
 * Events too rare on a side for a t interval of the mean (docs/statistics.md, "Rare events"): a count
 * that is 0 in every baseline run (or in nearly every one) has a mean whose interval ignores how little
 * the baseline's zeros prove. Runs are the units — the events of one run are not independent (a run
 * that faults, faults many times) — so the evidence is the share of runs with events on each side.
 *
 * <p>The rule: a change is decisive only when the exact one-sided bounds of those shares separate:
 * the Clopper-Pearson lower bound (at the confidence) of one side's share above the upper bound of the
 * other's. For a side with no events in n runs the upper bound is 1 − (1 − confidence)^(1/n) — the rule of
 * three. Conditional on an all-zero baseline, a false verdict then has probability at most 1 − confidence
 * for every rate of events the baseline's silence leaves possible (Clopper-Pearson's guarantee, applied at
 * that bound); the exact conditional test alone (Fisher's, given the runs with events of both sides)
 * keeps its level over all studies but not among those whose baseline happened to be 0, where the
 * baseline's rate was underestimated (measured in docs/statistics.md). Fisher's two-sided p is reported.
 */
final class RareEvents {
    private RareEvents() {}

    /** Runs with a value above 0 (sign +1) or below 0 (sign −1). */
    static int withEvents(double[] v, int sign) {
        return (int) Arrays.stream(v).filter(x -> sign > 0 ? x > 0 : x < 0).count();
    }

    /** A side whose mean cannot be told from 0: all zero, or its t interval of the mean reaches 0. */
    static boolean sparse(double[] v, double confidence) {
        double mean = Robust.mean(v);
        if (mean == 0) {
            return true;
        }
        double se = Math.sqrt(Robust.variance(v) / v.length);
        return Math.abs(mean) <= Welch.quantile(v.length - 1, confidence) * se;
    }

    /**
     * +1 when the candidate's share of runs with events is shown larger than the baseline's, −1 when
     * shown smaller, 0 when the exact one-sided bounds overlap.
     */
    static int direction(int kb, int nb, int kc, int nc, double confidence) {
        if (lower(kc, nc, confidence) > upper(kb, nb, confidence)) {
            return 1;
        }
        if (lower(kb, nb, confidence) > upper(kc, nc, confidence)) {
            return -1;
        }
        return 0;
    }

    /** The Clopper-Pearson one-sided lower bound of a share k of n at the confidence. */
    static double lower(int k, int n, double confidence) {
        return k == 0 ? 0 : BetaDistribution.of(k, n - k + 1.0).inverseCumulativeProbability(1 - confidence);
    }

    /** The Clopper-Pearson one-sided upper bound; 1 − (1 − confidence)^(1/n) for k = 0. */
    static double upper(int k, int n, double confidence) {
        if (k == n) {
            return 1;
        }
        return k == 0
                ? UnseenModes.share(n, confidence)
                : BetaDistribution.of(k + 1.0, n - k).inverseCumulativeProbability(confidence);
    }

    /** Fisher's exact test (two-sided) of equal shares of runs with events: the exact conditional test. */
    static double fisherP(int kb, int nb, int kc, int nc) {
        return FisherExactTest.withDefaults()
                .test(new int[][] {{kb, nb - kb}, {kc, nc - kc}})
                .getPValue();
    }

    /**
     * Runs per variant at which the bounds would likely separate, taking both shares as seen; null when
     * they are equal or no practical number of runs separates them.
     */
    static Integer runsNeeded(int kb, int nb, int kc, int nc, double confidence) {
        double pb = (double) kb / nb;
        double pc = (double) kc / nc;
        if (pb == pc) {
            return null;
        }
        IntPredicate separates =
                n -> direction((int) Math.round(pb * n), n, (int) Math.round(pc * n), n, confidence) != 0;
        int lo = Math.max(nb, nc) + 1;
        if (lo > RunsNeeded.CAP || !separates.test(RunsNeeded.CAP)) {
            return null;
        }
        int hi = RunsNeeded.CAP;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (separates.test(mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The warning of a verdict the bounds withheld. */
    static String sentence(int kb, int nb, int kc, int nc, String values, double confidence) {
        return String.format(
                Locale.ROOT,
                "too few %s with events for a verdict: %d of %d in the baseline, %d of %d in the candidate; the"
                        + " exact one-sided %s bounds of those shares (%.3g and %.3g) overlap"
                        + " (Fisher's exact p = %.3g)",
                values,
                kb,
                nb,
                kc,
                nc,
                Looks.percent(confidence),
                kc >= kb * (double) nc / nb ? upper(kb, nb, confidence) : lower(kb, nb, confidence),
                kc >= kb * (double) nc / nb ? lower(kc, nc, confidence) : upper(kc, nc, confidence),
                fisherP(kb, nb, kc, nc));
    }
}
