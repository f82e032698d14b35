package dev.overhead.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Steps in a series of studies' estimates, judged by each study's own standard error as well as by
 * how far the studies scatter beyond it: what {@link ChangePoints} (asv's fit, which sees only the
 * points and weighs them by their intervals) misses over a few studies. asv's information criterion
 * let one segment absorb +4% → +16% over 4 + 4 studies, whose intervals were ±2% each.
 *
 * <p>Each split of a segment into two parts of at least {@link #MIN_SIDE} studies is a meta-analytic
 * comparison of the two parts' random-effects means: the excess variance between studies τ² is
 * DerSimonian and Laird's estimate (DerSimonian and Laird (1986), "Meta-analysis in clinical trials",
 * Controlled Clinical Trials 7, 177–188) from Cochran's Q pooled over both parts (so a step between
 * them is not taken for scatter), each study is weighted by 1/(se² + τ²), and the difference of the
 * two weighted means over its standard error is referred to Student's t with n − 2 degrees of freedom
 * (τ² is estimated from the same few points, so the normal would be too bold). The largest statistic
 * of the segment is a step where its p-value, times the number of splits tried (Bonferroni), is below
 * α; the two parts are then searched again (binary segmentation). Written here because no maintained
 * Java library does change points on estimates with standard errors.
 *
 * <p>Measured by {@code bench/change-points} (docs/team.md, "Change points"): the rates of false steps on
 * flat series and of found steps for +4% → +16% over 4 + 4 studies.
 */
public final class IntervalSteps {
    /** The fewest studies on each side of a step: two would leave no scatter to measure beside a step. */
    public static final int MIN_SIDE = 3;

    private IntervalSteps() {}

    /**
     * A step at {@code index} (the first study at the new level) from level {@code before} to
     * {@code after} (random-effects means, in the series' units), with its t statistic and its
     * p-value after the Bonferroni factor.
     */
    public record Step(int index, double before, double after, double t, double p) {}

    /**
     * @param y the estimates, oldest first (for ratios, their logarithms); every value finite
     * @param se each estimate's standard error; one that is not a positive finite number takes the
     *     median of the others (a study without an interval)
     * @param alpha the family-wise false-step rate per segment searched, e.g. 0.01
     */
    public static List<Step> detect(double[] y, double[] se, double alpha) {
        if (y.length != se.length) {
            throw new IllegalArgumentException("a series of " + y.length + " values has " + se.length + " errors");
        }
        if (java.util.Arrays.stream(se).noneMatch(s -> Double.isFinite(s) && s > 0)) {
            return List.of(); // no study has an interval: ChangePoints, on the points alone, is what there is
        }
        double[] v = variances(se);
        List<Step> out = new ArrayList<>();
        search(y, v, 0, y.length, alpha, out);
        out.sort(Comparator.comparingInt(Step::index));
        return out;
    }

    private static void search(double[] y, double[] v, int from, int to, double alpha, List<Step> out) {
        int splits = to - from - 2 * MIN_SIDE + 1;
        if (splits < 1) {
            return;
        }
        Step best = null;
        for (int k = from + MIN_SIDE; k <= to - MIN_SIDE; k++) {
            Step s = split(y, v, from, k, to, splits);
            if (s != null && (best == null || Math.abs(s.t()) > Math.abs(best.t()))) {
                best = s;
            }
        }
        if (best != null && best.p() < alpha) {
            out.add(best);
            search(y, v, from, best.index(), alpha, out);
            search(y, v, best.index(), to, alpha, out);
        }
    }

    /** The comparison of [from, k) with [k, to). */
    static Step split(double[] y, double[] v, int from, int k, int to, int splits) {
        // Cochran's Q of each part about its fixed-effect mean, pooled, and DerSimonian-Laird's tau^2
        double q = 0;
        double c = 0;
        for (int[] part : new int[][] {{from, k}, {k, to}}) {
            double sw = 0;
            double sw2 = 0;
            double swy = 0;
            for (int i = part[0]; i < part[1]; i++) {
                double w = 1 / v[i];
                sw += w;
                sw2 += w * w;
                swy += w * y[i];
            }
            double mean = swy / sw;
            for (int i = part[0]; i < part[1]; i++) {
                q += (y[i] - mean) * (y[i] - mean) / v[i];
            }
            c += sw - sw2 / sw;
        }
        int n = to - from;
        double tau2 = Math.max(0, (q - (n - 2)) / c);
        double[] mean = new double[2];
        double[] var = new double[2];
        int j = 0;
        for (int[] part : new int[][] {{from, k}, {k, to}}) {
            double sw = 0;
            double swy = 0;
            for (int i = part[0]; i < part[1]; i++) {
                double w = 1 / (v[i] + tau2);
                sw += w;
                swy += w * y[i];
            }
            mean[j] = swy / sw;
            var[j] = 1 / sw;
            j++;
        }
        double t = (mean[1] - mean[0]) / Math.sqrt(var[0] + var[1]);
        if (!Double.isFinite(t)) {
            return null;
        }
        double p = Math.min(1, 2 * TDistribution.of(n - 2).survivalProbability(Math.abs(t)) * splits);
        return new Step(k, mean[0], mean[1], t, p);
    }

    private static double[] variances(double[] se) {
        double[] valid = java.util.Arrays.stream(se)
                .filter(s -> Double.isFinite(s) && s > 0)
                .sorted()
                .toArray();
        double median = valid.length % 2 == 1
                ? valid[valid.length / 2]
                : (valid[valid.length / 2 - 1] + valid[valid.length / 2]) / 2;
        double[] v = new double[se.length];
        for (int i = 0; i < se.length; i++) {
            double s = Double.isFinite(se[i]) && se[i] > 0 ? se[i] : median;
            v[i] = s * s;
        }
        return v;
    }
}
