package dev.overhead.stats;

import java.util.Arrays;
import java.util.Locale;

/**
 * What `equivalent` must also exclude: a change confined to a share of runs that the sample never showed
 * (docs/statistics.md, "Equivalent needs evidence"). A mode that occurs in a share p of runs is absent
 * from n runs with probability (1 − p)^n, so at the comparison's confidence the runs cannot exclude a
 * mode in up to p_n = 1 − (1 − confidence)^(1/n) of them (≈ 3/n at 95%: the rule of three, Hanley and
 * Lippman-Hand 1983). Such a mode, at a distance M from the typical run, moves the change by up to p_n·M
 * (on the comparison's scale: log values, or raw values relative to the baseline's mean), whichever
 * side it lies on, and the interval cannot see it. So an interval inside the margin says `equivalent`
 * only when it stays inside after widening by p_n·M on both sides.
 *
 * <p>M is the farthest any run of the comparison lies from the pooled median (the size of the modes
 * this metric has shown), but never less than {@link #FLOOR_THRESHOLDS} thresholds: where the runs
 * hardly vary (constant, few-valued, or quiet noise) their spread says nothing about how far a rare
 * slow mode would lie. With that floor two equal constant samples need p_n < 1/3 — 8 runs a side at
 * 95%, whatever the threshold — and quiet noise of 0.5% reaches `equivalent` within ±1% from about 20
 * runs. Only `equivalent` is guarded: a `worse` or `better` interval already excludes no change.
 */
final class UnseenModes {
    /** The least distance of an unseen mode, in thresholds. */
    static final double FLOOR_THRESHOLDS = 3;

    private UnseenModes() {}

    /**
     * @param share   p_n: the largest share of runs a mode can hold and stay unseen, at the confidence
     * @param size    M on the comparison's scale
     * @param floored M is the floor, not the farthest run seen
     * @param runs    n: the runs per variant (the smaller side) p_n is computed from
     */
    record Guard(double share, double size, boolean floored, int runs) {
        /** How far such a mode moves the change, on the scale. */
        double shift() {
            return share * size;
        }

        /** Whether the interval, widened by {@link #shift()} on both sides, stays inside (−T, T). */
        boolean excludes(Scale scale, double lowPct, double highPct, double thresholdPct) {
            double low = scale.toPct(scale.fromPct(lowPct) - shift());
            double high = scale.toPct(scale.fromPct(highPct) + shift());
            return low > -thresholdPct && high < thresholdPct;
        }

        /** The warning of an equivalence the guard withheld. */
        String sentence(Scale scale, double thresholdPct) {
            double sizePct = scale.toPct(size);
            return String.format(
                    Locale.ROOT,
                    "not shown equivalent: %d runs a side cannot exclude a mode in up to %.0f%% of runs that none"
                            + " of them showed (rule of three); %s %.1f%% from the typical run it would move the"
                            + " change by up to ±%.2f%%, which the ±%s%% margin does not leave room for",
                    runs,
                    share * 100,
                    floored ? "at three times the threshold," : "as far as the farthest run seen,",
                    sizePct,
                    Math.abs(scale.toPct(shift())),
                    plain(thresholdPct));
        }
    }

    /** 1, 0.5, 2.5: a percentage as written on the command line. */
    static String plain(double pct) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.4g", pct))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** p_n = 1 − (1 − confidence)^(1/n): the rule of three at 95% (3/n for large n). */
    static double share(int n, double confidence) {
        return -Math.expm1(Math.log(1 - confidence) / n);
    }

    /**
     * The guard of a comparison of these values on this scale ({@link Scale.Log}: the values' logs,
     * unless {@code onScale} says they are logs already; raw otherwise).
     */
    static Guard of(
            double[] baseline,
            double[] candidate,
            boolean onScale,
            Scale scale,
            double confidence,
            double thresholdPct) {
        boolean log = !onScale && scale instanceof Scale.Log;
        double[] pooled = new double[baseline.length + candidate.length];
        for (int i = 0; i < baseline.length; i++) {
            pooled[i] = log ? Math.log(baseline[i]) : baseline[i];
        }
        for (int i = 0; i < candidate.length; i++) {
            pooled[baseline.length + i] = log ? Math.log(candidate[i]) : candidate[i];
        }
        double median = Robust.median(pooled);
        double farthest =
                Arrays.stream(pooled).map(v -> Math.abs(v - median)).max().orElse(0);
        double floor = FLOOR_THRESHOLDS * Math.abs(scale.fromPct(thresholdPct));
        int n = Math.min(baseline.length, candidate.length);
        boolean floored = !(farthest > floor);
        return new Guard(share(n, confidence), floored ? floor : farthest, floored, n);
    }
}
