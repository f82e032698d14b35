package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The report's closing legend: one short sentence for each sign and method the report used. */
final class Legend {
    private Legend() {}

    static List<String> sentences(StudyResult study, StudyFacts sf, Numbers num, Tables tables, boolean overview) {
        Glyphs g = num.glyphs();
        List<String> out = new ArrayList<>();
        if (tables.usedSpread) {
            out.add(g.pm() + " is the relative standard deviation of a variant's runs.");
        }
        if (!study.comparisons().isEmpty()) {
            out.add("Change: the candidate against the baseline, with its "
                    + num.plainPct(sf.confidence() * 100) + " confidence interval"
                    + (tables.usedRatio ? "; " + g.times() + " is the candidate's figure over the baseline's" : "")
                    + ".");
            out.add("equivalent: the whole interval lies within " + g.pm() + num.plainPct(sf.thresholdPct())
                    + "; worse or better: it lies on that side of 0; inconclusive: neither.");
        }
        if (overview) {
            out.add("The summary shows each workload's primary metric, and another metric only where the"
                    + " primary is worse or better; it is read as one family: a worse or better in it holds"
                    + " after Holm's correction over its " + tables.familySize
                    + (tables.familySize == 1 ? " row" : " rows")
                    + (tables.usedFamilyMark
                            ? " (inconclusive* marks a row decisive at its own confidence but not in the family)"
                            : "")
                    + ", while each workload's table gives its comparisons at their own "
                    + num.plainPct(sf.confidence() * 100) + " confidence.");
        }
        Map<String, Integer> methods = new LinkedHashMap<>();
        for (ComparisonRow r : study.comparisons()) {
            methods.merge(r.comparison().method(), 1, Integer::sum);
        }
        methods.forEach((method, n) -> out.add(sentence(method, n)));
        if (methods.keySet().stream().anyMatch(m -> m != null && m.contains("typical ratio"))) {
            // the typical ratio is no ratio of two summaries: say what the two figures beside it are
            out.add("Typical ratio: the median ratio of a candidate run to a baseline run (Hodges-Lehmann), robust"
                    + " to spikes but blind to slow runs that become more frequent; its figures are the baseline's"
                    + " median and that median times the typical ratio.");
        }
        if (methods.keySet().stream().anyMatch(m -> m != null && m.contains(", sequential: "))) {
            out.add(sequential(
                    study.info().settings().precisionPct(),
                    study.info().settings().precisionShare()));
        }
        return out.stream().map(g::text).toList();
    }

    /**
     * What an adaptive study's stop means: it may stop only at its looks, for the reason
     * each workload's "runs:" line gives; the intervals hold whichever it was. An estimate at a stop
     * that came because the interval had just cleared 0 is biased away from 0; waiting for a
     * precision after the verdict settles takes that away, and without one the legend says so.
     */
    static String sequential(Double precisionPct, Double share) {
        String rule = "Sequential: the study could stop only at its looks, at the first where every primary verdict"
                + " was settled"
                + (precisionPct == null
                        ? ""
                        : " and every primary interval within ±"
                                + java.math.BigDecimal.valueOf(precisionPct)
                                        .stripTrailingZeros()
                                        .toPlainString()
                                + "%"
                                + StopWords.share(share))
                + ", or at --max-runs, the time budget or Ctrl-C; each workload's runs say which. The intervals hold"
                + " whichever it was";
        return rule
                + (precisionPct == null
                        ? ", but without --precision a change reported at an early stop is conditional on stopping"
                                + " there and tends to overstate a real change."
                        : "; waiting for that precision after the verdict settled keeps the change reported from"
                                + " being inflated by the stop.");
    }

    /**
     * What a change is, as the engine's {@code method} begins (stats.Estimand and the overall row's
     * labels, docs/statistics.md §2b): named first, in plain words, then the procedure in brackets.
     */
    static final List<String> ESTIMANDS = List.of(
            "ratio of geometric means",
            "typical ratio",
            "ratio of means",
            "difference of means",
            "geometric mean of typical ratios",
            "geometric mean of ratios of means");

    private static String sentence(String method, int n) {
        String count = n + (n == 1 ? " comparison" : " comparisons");
        if (method == null || method.isBlank() || method.equals("none")) {
            return "No interval for " + count + ": too few runs.";
        }
        for (String estimand : ESTIMANDS) {
            if (method.startsWith(estimand + ", ")) {
                return "Change in " + count + ": " + estimand + " (" + method.substring(estimand.length() + 2) + ").";
            }
        }
        return "Method of " + count + ": " + method + ".";
    }
}
