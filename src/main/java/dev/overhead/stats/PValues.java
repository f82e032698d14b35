package dev.overhead.stats;

import java.util.Arrays;
import java.util.Comparator;

/** Adjustments of p-values for many comparisons at once. */
public final class PValues {
    private PValues() {}

    /**
     * Holm's step-down adjustment, controlling the family-wise error rate: sort ascending, the i-th
     * smallest (0-based) becomes max over j ≤ i of min(1, (m − j)·p₍ⱼ₎). Holm, S. (1979), "A simple
     * sequentially rejective multiple test procedure", Scand. J. Statist. 6. NaN stays NaN and is not
     * counted in m. Same as R's p.adjust(p, "holm").
     */
    public static double[] holm(double[] p) {
        Integer[] order = java.util.stream.IntStream.range(0, p.length)
                .filter(i -> !Double.isNaN(p[i]))
                .boxed()
                .sorted(Comparator.comparingDouble(i -> p[i]))
                .toArray(Integer[]::new);
        double[] out = new double[p.length];
        Arrays.fill(out, Double.NaN);
        int m = order.length;
        double running = 0;
        for (int j = 0; j < m; j++) {
            running = Math.max(running, Math.min(1, (m - j) * p[order[j]]));
            out[order[j]] = running;
        }
        return out;
    }
}
