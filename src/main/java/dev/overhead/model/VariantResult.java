package dev.overhead.model;

import dev.overhead.stats.Sample;
import java.util.List;

/** The measured runs of one variant on one workload, in the order they ran. */
public record VariantResult(Variant variant, List<Run> runs) {
    public VariantResult {
        runs = List.copyOf(runs);
    }

    public String name() {
        return variant.name();
    }

    /** The values of one metric over the runs that succeeded and have it (failed runs are no samples). */
    public double[] values(MetricSpec metric) {
        return runs.stream()
                .filter(r -> !r.failed())
                .map(metric::valueOf)
                .flatMap(java.util.Optional::stream)
                .mapToDouble(Double::doubleValue)
                .toArray();
    }

    /** The values of one metric with their rounds, as the statistics compare them. */
    public Sample sample(MetricSpec metric) {
        return new Sample(values(metric), rounds(metric));
    }

    /** The rounds of the runs {@link #values} reads, in the same order (-1 where unknown: imported). */
    public int[] rounds(MetricSpec metric) {
        return runs.stream()
                .filter(r -> !r.failed() && metric.valueOf(r).isPresent())
                .mapToInt(Run::round)
                .toArray();
    }
}
