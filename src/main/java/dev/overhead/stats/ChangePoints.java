package dev.overhead.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a series of estimates (one per study, oldest first) changes level: the step detection of
 * airspeed velocity (asv, {@code asv/step_detect.py}), written out here because no maintained Java
 * library does it.
 *
 * <p>The series is modelled as piecewise constant plus Laplace noise. For a penalty γ the exact
 * weighted-L1 Potts fit
 * <pre>  argmin over k, breaks, levels of  γ·k + Σ_r Σ_{i in segment r} w_i |y_i − μ_r|</pre>
 * is found by dynamic programming (Friedrich, Kempe, Liebscher and Winkler (2008), "Complexity
 * penalized M-estimation: fast computation", J. Comput. Graph. Statist. 17(1), 201–224); each level
 * μ_r is its segment's weighted median. γ itself is chosen, as asv does, by minimising a Schwarz-type
 * information criterion over the fits (Yao (1988), "Estimating the number of change-points via
 * Schwarz' criterion", Statist. Probab. Lett. 6, 181–189):
 * <pre>  β·k + ln(σ₀ + min over ρ of Σ_i w_i |ε_i − ρ·ε_{i−1}|),   β = 4·ln(n)/n</pre>
 * with ε the residuals, ρ an AR(1) correlation of the noise in [−1, 1], and σ₀ asv's floor against
 * a perfect fit (a tenth of the smallest jump; with two segments or fewer, a thousandth of the
 * smallest level). asv searches γ by golden section; this searches a grid of 81 values over the same
 * range [0.1/n, 1]·(the one-segment cost), which costs nothing at the lengths a history has.
 *
 * <p>A boundary of the chosen fit is reported as a step where the jump is larger than the mean
 * absolute deviation inside both segments it separates (asv's {@code detect_regressions} keeps a
 * jump only where it exceeds the segments' error estimates in the same way; asv looks for
 * regressions only, this reports both directions). Between two single points there is no noise to
 * compare with, so no step is reported there: a series of two or three studies seldom has one.
 *
 * <p>Measured once against asv's own {@code detect_steps} (asv commit 7032df70, Python 3.11, without
 * its C extension) on 300 random weighted series of 3 to 42 points:
 * the same segments in 293; the others are series of 3 to 6 points, where nearly every fit is
 * perfect, and one where asv's golden-section search stops at another local minimum. The criterion
 * is conservative (the AR(1) term lets a one-segment fit absorb a step): with 1% noise, 20 points and
 * the step after the 12th, a step of 4% is found at its index in about a quarter of series, one of
 * 8% in three quarters, and flat noise showed a step in none of 800 series of 10 to 100 points.
 * ChangePointsTest pins three series to asv's answers and checks these properties on seeded noise.
 */
public final class ChangePoints {
    private static final int GRID = 81;

    private ChangePoints() {}

    /** Indexes {@code [from, to)} of the series, their level (weighted median) and mean absolute deviation. */
    public record Segment(int from, int to, double level, double deviation) {}

    /** The level changes from {@code before} to {@code after} at {@code index} (the first point at the new level). */
    public record Step(int index, double before, double after) {}

    /** The chosen piecewise-constant fit and the steps in it that stand out from the noise. */
    public record Fit(List<Segment> segments, List<Step> steps) {
        public Fit {
            segments = List.copyOf(segments);
            steps = List.copyOf(steps);
        }
    }

    /** Unweighted. */
    public static Fit detect(double[] y) {
        return detect(y, null);
    }

    /**
     * @param y the series, oldest first; every value finite
     * @param w relative weights (asv: the inverse of each point's interval width); null for equal
     *          weights; a weight that is not a positive finite number becomes the median weight
     */
    public static Fit detect(double[] y, double[] w) {
        int n = y.length;
        for (double v : y) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("a change-point series holds only finite values, not " + v);
            }
        }
        if (n == 0) {
            return new Fit(List.of(), List.of());
        }
        double[] weights = weights(w, n);
        Costs costs = new Costs(y, weights);
        double beta = 4 * Math.log(n) / n;
        double gamma0 = costs.cost(0, n) == 0 ? 1.0 : costs.cost(0, n);
        double lo = Math.log(0.1 / n);
        int[] best = null;
        double bestObjective = Double.POSITIVE_INFINITY;
        for (int g = 0; g < GRID; g++) {
            double gamma = gamma0 * Math.exp(lo - lo * g / (GRID - 1));
            int[] rights = potts(costs, gamma);
            double objective =
                    beta * rights.length + Math.log(floor(costs, rights) + residual(y, weights, costs, rights));
            if (objective < bestObjective) { // ties keep the smaller γ tried first: the finer fit
                bestObjective = objective;
                best = rights;
            }
        }
        return fit(costs, best);
    }

    /** The exact Potts fit for penalty γ: the exclusive right ends of its segments. */
    static int[] potts(Costs costs, double gamma) {
        int n = costs.n;
        double[] b = new double[n + 1];
        int[] left = new int[n + 1];
        b[0] = -gamma;
        for (int r = 1; r <= n; r++) {
            b[r] = Double.POSITIVE_INFINITY;
            for (int l = 0; l < r; l++) {
                double v = b[l] + gamma + costs.cost(l, r);
                if (v <= b[r]) { // <=: among equal fits the latest break, so fewer short tails
                    b[r] = v;
                    left[r] = l;
                }
            }
        }
        List<Integer> rights = new ArrayList<>();
        for (int r = n; r > 0; r = left[r]) {
            rights.add(0, r);
        }
        return rights.stream().mapToInt(Integer::intValue).toArray();
    }

    private static Fit fit(Costs costs, int[] rights) {
        List<Segment> segments = new ArrayList<>();
        int l = 0;
        for (int r : rights) {
            double weight = 0;
            for (int i = l; i < r; i++) {
                weight += costs.w[i];
            }
            segments.add(new Segment(l, r, costs.level(l, r), costs.cost(l, r) / weight));
            l = r;
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 1; i < segments.size(); i++) {
            Segment a = segments.get(i - 1);
            Segment b = segments.get(i);
            boolean noiseKnown = a.to() - a.from() > 1 || b.to() - b.from() > 1;
            if (noiseKnown && Math.abs(b.level() - a.level()) > Math.max(a.deviation(), b.deviation())) {
                steps.add(new Step(b.from(), a.level(), b.level()));
            }
        }
        return new Fit(segments, steps);
    }

    /** asv's floor σ₀, so that a perfect fit (σ = 0) does not win by ln 0. */
    private static double floor(Costs costs, int[] rights) {
        double[] levels = new double[rights.length];
        int l = 0;
        for (int j = 0; j < rights.length; j++) {
            levels[j] = costs.level(l, rights[j]);
            l = rights[j];
        }
        double s;
        if (levels.length > 2) {
            s = Double.POSITIVE_INFINITY;
            for (int j = 1; j < levels.length; j++) {
                s = Math.min(s, Math.abs(levels[j] - levels[j - 1]));
            }
            s *= 0.1;
        } else {
            s = Double.POSITIVE_INFINITY;
            for (double v : levels) {
                s = Math.min(s, Math.abs(v));
            }
            s *= 0.001;
        }
        return Math.max(1e-300, s);
    }

    /** The weighted L1 residual with the AR(1) correlation of best fit (convex in ρ: a ternary search finds it). */
    private static double residual(double[] y, double[] w, Costs costs, int[] rights) {
        double[] e = new double[y.length];
        int l = 0;
        for (int r : rights) {
            double level = costs.level(l, r);
            for (int i = l; i < r; i++) {
                e[i] = y[i] - level;
            }
            l = r;
        }
        double a = -1;
        double b = 1;
        for (int it = 0; it < 60; it++) {
            double m1 = a + (b - a) / 3;
            double m2 = b - (b - a) / 3;
            if (ar1(e, w, m1) <= ar1(e, w, m2)) {
                b = m2;
            } else {
                a = m1;
            }
        }
        return ar1(e, w, (a + b) / 2);
    }

    private static double ar1(double[] e, double[] w, double rho) {
        double s = Math.abs(e[0]) * w[0];
        for (int i = 1; i < e.length; i++) {
            s += Math.abs(e[i] - rho * e[i - 1]) * w[i];
        }
        return s;
    }

    private static double[] weights(double[] w, int n) {
        double[] out = new double[n];
        if (w == null) {
            Arrays.fill(out, 1.0);
            return out;
        }
        if (w.length != n) {
            throw new IllegalArgumentException(
                    "a change-point series has " + n + " values but " + w.length + " weights");
        }
        double[] valid = Arrays.stream(w)
                .filter(v -> Double.isFinite(v) && v > 0)
                .sorted()
                .toArray();
        double median = valid.length == 0
                ? 1.0
                : valid.length % 2 == 1
                        ? valid[valid.length / 2]
                        : (valid[valid.length / 2 - 1] + valid[valid.length / 2]) / 2;
        for (int i = 0; i < n; i++) {
            out[i] = Double.isFinite(w[i]) && w[i] > 0 ? w[i] / median : 1.0;
        }
        return out;
    }

    /** Every segment's weighted median and weighted L1 cost, computed once: O(n³) time, O(n²) memory. */
    static final class Costs {
        final int n;
        final double[] w;
        private final double[][] level;
        private final double[][] cost;

        Costs(double[] y, double[] w) {
            this.n = y.length;
            this.w = w;
            level = new double[n][];
            cost = new double[n][];
            for (int l = 0; l < n; l++) {
                level[l] = new double[n - l];
                cost[l] = new double[n - l];
                List<Integer> sorted = new ArrayList<>();
                for (int r = l; r < n; r++) {
                    int at = 0;
                    while (at < sorted.size() && y[sorted.get(at)] <= y[r]) {
                        at++;
                    }
                    sorted.add(at, r);
                    double m = weightedMedian(y, w, sorted);
                    double c = 0;
                    for (int i : sorted) {
                        c += w[i] * Math.abs(y[i] - m);
                    }
                    level[l][r - l] = m;
                    cost[l][r - l] = c;
                }
            }
        }

        /** Cost of the segment {@code [l, r)}. */
        double cost(int l, int r) {
            return cost[l][r - 1 - l];
        }

        double level(int l, int r) {
            return level[l][r - 1 - l];
        }

        /** asv's weighted median: where the running weight first passes half, averaged over values exactly at half. */
        private static double weightedMedian(double[] y, double[] w, List<Integer> sorted) {
            double total = 0;
            for (int i : sorted) {
                total += w[i];
            }
            double half = total / 2;
            double run = 0;
            double sum = 0;
            int count = 0;
            for (int i : sorted) {
                run += w[i];
                if (run > half) {
                    sum += y[i];
                    count++;
                    break;
                } else if (run == half) {
                    sum += y[i];
                    count++;
                }
            }
            return sum / count;
        }
    }
}
