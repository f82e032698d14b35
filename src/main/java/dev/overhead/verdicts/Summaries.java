package dev.overhead.verdicts;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.VariantSummary;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Summary;
import java.util.ArrayList;
import java.util.List;

/**
 * Every variant's runs described once (stats.Summary), for each metric its workload is compared
 * on: the spread the text report shows beside a value and the JSON's {@code summary} are this one
 * computation.
 */
public final class Summaries {
    private Summaries() {}

    public static List<VariantSummary> of(StudyResult study, double confidence) {
        List<VariantSummary> out = new ArrayList<>();
        for (WorkloadResult w : study.workloads()) {
            for (MetricSpec m : Analyzer.metricsOf(w)) {
                for (VariantResult v : w.variants()) {
                    double[] values = v.values(m);
                    if (values.length > 0) {
                        out.add(new VariantSummary(w.name(), v.name(), m.name(), Summary.of(values, confidence)));
                    }
                }
            }
        }
        return out;
    }
}
