package dev.overhead.model;

import dev.overhead.stats.Sample;
import java.util.List;

/** The measured runs of one variant on one workload, in the order they ran. */
public record VariantResult(Variant variant, List<Run> runs) {
    public VariantResult {
        runs = runs instanceof RunColumns columns ? columns : List.copyOf(runs); // immutable either way
    }

    public String name() {
        return variant.name();
    }

    /** The values of one metric over the runs that succeeded and have it (failed runs are no samples). */
    public double[] values(MetricSpec metric) {
        if (runs instanceof RunColumns columns) {
            double[] read = columns.values(metric);
            if (read != null) {
                return read;
            }
        }
        double[] out = new double[runs.size()]; // a loop, not a stream: 10⁶ runs are read this way
        int n = 0;
        for (Run r : runs) {
            if (!r.failed()) {
                var v = metric.valueOf(r);
                if (v.isPresent()) {
                    out[n++] = v.get();
                }
            }
        }
        return n == out.length ? out : java.util.Arrays.copyOf(out, n);
    }

    /** The values of one metric with their rounds, as the statistics compare them. */
    public Sample sample(MetricSpec metric) {
        return new Sample(values(metric), rounds(metric));
    }

    /** The rounds of the runs {@link #values} reads, in the same order (-1 where unknown: imported). */
    public int[] rounds(MetricSpec metric) {
        if (runs instanceof RunColumns columns && !columns.hasRounds()) { // imported without rounds: one per value
            int[] unknown = new int[values(metric).length];
            java.util.Arrays.fill(unknown, -1);
            return unknown;
        }
        return runs.stream()
                .filter(r -> !r.failed() && metric.valueOf(r).isPresent())
                .mapToInt(Run::round)
                .toArray();
    }
}
