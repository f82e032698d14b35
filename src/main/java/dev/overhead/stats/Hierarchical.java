package dev.overhead.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The interval of a study repeated at an outer level — several builds of each variant, or each
 * variant's share of runs in several boots (docs/statistics.md, levels). Runs of one build or one
 * boot share its layout, its page colouring, what the boot left in caches; they are not independent
 * samples of the variant, and an interval over runs leaves that variation out, so it is far too
 * narrow when it is large (Kalibera and Jones 2013: repeat at the level where the variation is, and
 * compute the interval at that level). So each unit is summarised by the mean of its log values
 * and the interval is Welch's t over those unit means (the ratio of geometric means of the units);
 * counts take Fieller's ratio of the unit means, and a baseline that is 0 in every run the absolute
 * difference of the unit means ({@link ZeroBaseline}). Chosen over a two-level bootstrap by the
 * simulation in docs/statistics.md: with 2–8 units a bootstrap cannot see the spread it did not
 * sample and under-covers, while the t interval over unit means keeps its level.
 *
 * <p>With one unit per variant there is nothing to estimate the variation between units from: the
 * comparison is the run-level one, with a warning that its interval cannot contain it.
 */
public final class Hierarchical {
    private Hierarchical() {}

    /**
     * @param baselineUnits  the baseline's values, one array per unit (build or boot), runs in order
     * @param candidateUnits the candidate's
     * @param runLevel       the same two samples compared run by run (with rounds, at the study's
     *                       looks): the answer where a side has a single unit or no interval exists;
     *                       where it carries a {@code difference} (a baseline 0 in every run) the
     *                       difference is taken again over the unit means
     * @param design         {@code builds} or {@code boots}
     * @param units          units per variant of each level, for the report ({@code {build=3}})
     */
    public static Comparison compare(
            List<double[]> baselineUnits,
            List<double[]> candidateUnits,
            Comparison runLevel,
            Quantity quantity,
            CompareOptions options,
            String design,
            Map<String, Integer> units) {
        List<double[]> bu = nonEmpty(baselineUnits);
        List<double[]> cu = nonEmpty(candidateUnits);
        String unit = design.substring(0, design.length() - 1);
        boolean logs = quantity.kind() == Quantity.Kind.MEASUREMENT && allPositive(bu) && allPositive(cu);
        double share = betweenShare(bu, cu, logs);
        Comparison.Design d = new Comparison.Design(design, units, share);
        if (runLevel.method().equals("none")) { // no interval at all (fewer than 2 runs a side): nothing to average
            return runLevel.withDesign(d);
        }
        if (Math.min(bu.size(), cu.size()) < 2) {
            Comparison runs = runLevel;
            List<String> warnings = new ArrayList<>(runs.warnings());
            warnings.add(oneUnit(unit, Math.min(bu.size(), cu.size())));
            return runs.withRuns(runs.nBaseline(), runs.nCandidate(), warnings).withDesign(d);
        }
        double[] mb = unitMeans(bu, logs);
        double[] mc = unitMeans(cu, logs);
        String over = " over " + bu.size() + "+" + cu.size() + " " + design;
        double confidence = options.confidence();
        Comparison c;
        if (runLevel.difference() != null) {
            // the baseline is 0 in every run: no relative change, but the absolute difference of the unit
            // means, with its interval over units like every other comparison here (the runs' interval
            // would leave the variation between units out)
            double[] candidateRuns = cu.stream().flatMapToDouble(Arrays::stream).toArray();
            c = ZeroBaseline.compare(
                    unitMeans(bu, false),
                    unitMeans(cu, false),
                    Comparisons.constant(candidateRuns),
                    design,
                    quantity.better(),
                    confidence,
                    " on per-" + unit + " means" + over);
        } else if (quantity.kind() == Quantity.Kind.COUNT) {
            c = Counts.compare(
                    mb, mc, null, quantity.better(), options, confidence, " of per-" + unit + " means" + over);
            List<String> kept = new ArrayList<>(
                    c.warnings().stream().filter(w -> !w.startsWith("only ")).toList());
            c = c.withRuns(c.nBaseline(), c.nCandidate(), kept);
        } else {
            Shift s = Welch.unpaired(mb, mc, confidence);
            // the same estimand as a run-level comparison: the mean of per-unit mean logs is the log of a geometric
            // mean
            s = s.named((logs ? "ratio of geometric means, " : "difference of means, ") + s.method() + " on per-" + unit
                    + " mean " + (logs ? "log values" : "raw values") + over);
            Scale scale = logs ? Scale.LOG : new Scale.Raw(Robust.mean(mb));
            Comparisons.Estimate e = new Comparisons.Estimate(
                    s,
                    scale,
                    scale.toPct(s.estimate()),
                    scale.toPct(s.low()),
                    scale.toPct(s.high()),
                    logs ? Math.exp(Robust.mean(mb)) : Robust.mean(mb),
                    logs ? Math.exp(Robust.mean(mc)) : Robust.mean(mc));
            List<String> warnings = new ArrayList<>();
            if (!logs) {
                warnings.add("values at or below zero: compared on the raw scale, relative to the baseline's mean");
            }
            c = Comparisons.finish(e, mb, mc, true, quantity.better(), options, confidence, warnings);
        }
        List<String> warnings = new ArrayList<>();
        for (String w : c.warnings()) { // finish speaks of runs; here each value is a unit
            warnings.add(w.replace(" runs on a side", " " + design + " on a side")
                    .replace(" runs a side cannot exclude a mode", " " + design + " a side cannot exclude a mode")
                    .replace("% of runs that none", "% of " + design + " that none")
                    .replace("from the typical run", "from the typical " + unit)
                    .replace(
                            "at least " + Comparisons.MIN_DECISIVE_RUNS,
                            "at least " + Comparisons.MIN_DECISIVE_RUNS + " " + design));
        }
        int k = Math.min(bu.size(), cu.size());
        if (k < Comparisons.FEW_RUNS && k >= Comparisons.MIN_DECISIVE_RUNS) {
            warnings.add("only " + k + " " + design + " per variant: the interval is wide; " + Comparisons.FEW_RUNS
                    + " or more make small changes visible");
        }
        if (Double.isFinite(share)) {
            warnings.add(shareSentence(unit, share));
        }
        int nb = bu.stream().mapToInt(v -> v.length).sum();
        int nc = cu.stream().mapToInt(v -> v.length).sum();
        return c.withRuns(nb, nc, warnings).withDesign(d);
    }

    /** The warning of a design with a single unit on a side (today's cross-boot compare of two studies). */
    static String oneUnit(String unit, int k) {
        String level = unit.equals("boot") ? "boot-to-boot" : unit + "-to-" + unit;
        return (k == 0 ? "no " : "one ") + unit + " per variant: the interval is over runs and cannot include "
                + level + " variation, which is often larger than the change; repeat the variants over"
                + " several " + unit + "s (levels: {" + unit + ": N})";
    }

    static String shareSentence(String unit, double share) {
        return String.format(
                Locale.ROOT,
                "variance between %ss %.0f%%, within %ss %.0f%%: the interval is over %ss",
                unit,
                share * 100,
                unit,
                (1 - share) * 100,
                unit);
    }

    /**
     * The share of the variance that lies between units: the one-way random-effects estimate
     * σ²_u = (MS_between − MS_within)/n₀ (ANOVA method of moments, n₀ the effective runs per unit;
     * Searle, Casella and McCulloch 1992, §3.6), pooled over both variants, cut at 0, over σ²_u +
     * σ²_within. NaN where it cannot be told (a single unit on both sides, or one run per unit).
     */
    static double betweenShare(List<double[]> baseline, List<double[]> candidate, boolean logs) {
        double ssWithin = 0;
        double dfWithin = 0;
        double between = 0;
        double dfBetween = 0;
        for (List<double[]> side : List.of(baseline, candidate)) {
            List<double[]> u = side.stream().map(v -> logs ? Robust.logs(v) : v).toList();
            int k = u.size();
            int n = u.stream().mapToInt(v -> v.length).sum();
            if (k < 1 || n <= k) {
                continue;
            }
            double grand = u.stream().flatMapToDouble(Arrays::stream).average().orElse(0);
            double ssb = 0;
            double ssw = 0;
            double sumSq = 0;
            for (double[] v : u) {
                double m = Robust.mean(v);
                ssb += v.length * (m - grand) * (m - grand);
                for (double x : v) {
                    ssw += (x - m) * (x - m);
                }
                sumSq += (double) v.length * v.length;
            }
            ssWithin += ssw;
            dfWithin += n - k;
            if (k >= 2) {
                double msb = ssb / (k - 1);
                double n0 = (n - sumSq / n) / (k - 1);
                between += (k - 1) * (msb - ssw / (n - k)) / n0;
                dfBetween += k - 1;
            }
        }
        if (dfWithin == 0 || dfBetween == 0) {
            return Double.NaN;
        }
        double within = ssWithin / dfWithin;
        double u = Math.max(0, between / dfBetween);
        return u + within == 0 ? 0 : u / (u + within);
    }

    private static double[] unitMeans(List<double[]> units, boolean logs) {
        return units.stream()
                .mapToDouble(v -> Robust.mean(logs ? Robust.logs(v) : v))
                .toArray();
    }

    private static List<double[]> nonEmpty(List<double[]> units) {
        return units.stream().filter(v -> v.length > 0).toList();
    }

    private static boolean allPositive(List<double[]> units) {
        return units.stream().allMatch(Robust::allPositive);
    }
}
