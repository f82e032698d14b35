package dev.overhead.run;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Run;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Sample;
import dev.overhead.verdicts.Judge;
import java.util.ArrayList;
import java.util.List;

/**
 * The comparisons a workload's loop judges while it runs (WorkloadLoop): each candidate's primary metric against the
 * baseline, by the same rule and over the same rounds as the final report, from the runs measured so far.
 */
final class LiveComparisons {
    private final List<Variant> variants;
    private final StudySettings options;
    private final Judge judge;
    private final List<List<Run>> runs; // the loop's own lists, which grow as it measures
    private final MetricSpec primary;

    LiveComparisons(List<Variant> variants, StudySettings options, List<List<Run>> runs, MetricSpec primary) {
        this.variants = variants;
        this.options = options;
        this.judge = Judge.of(options);
        this.runs = runs;
        this.primary = primary;
    }

    /** The primary comparison of every candidate against the baseline, as the final report will judge it. */
    List<Comparison> primaries() {
        int base = baselineIndex();
        List<Comparison> out = new ArrayList<>();
        for (int v = 0; v < runs.size(); v++) {
            if (v != base) {
                out.add(compare(base, v));
            }
        }
        return out;
    }

    /** The comparison on the primary metric that is furthest from a decision, for the progress line. */
    Comparison leastSettled() {
        int base = baselineIndex();
        Comparison worst = null;
        for (int v = 0; v < runs.size(); v++) {
            if (v == base) {
                continue;
            }
            Comparison c = compare(base, v);
            if (worst == null || (!c.verdict().decisive() && worst.verdict().decisive())) {
                worst = c;
            }
        }
        return worst;
    }

    /** The live comparison: the same rule, with the same rounds, as the final report's; null before both ran. */
    private Comparison compare(int base, int candidate) {
        Sample bs = sample(base).sample(primary);
        Sample cs = sample(candidate).sample(primary);
        if (bs.size() == 0 || cs.size() == 0) {
            return null;
        }
        return judge.compare(bs, cs, primary.quantity(), options.compare());
    }

    VariantResult sample(int variant) {
        return new VariantResult(variants.get(variant), runs.get(variant));
    }

    private int baselineIndex() {
        if (options.baseline() == null) {
            return 0;
        }
        for (int v = 0; v < variants.size(); v++) {
            if (variants.get(v).name().equals(options.baseline())) {
                return v;
            }
        }
        return 0;
    }
}
