package dev.overhead.stats;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The overall change across several workloads: the geometric mean of the per-workload ratios
 * (Fleming and Wallace (1986), "How not to lie with statistics: the correct way to summarize
 * benchmark results", CACM 29), computed from what each workload's row reports, so the overall row
 * agrees with its rows (docs/statistics.md §3). Each row gives its log ratio d_w with the standard
 * error and degrees of freedom of its own interval — paired where the row is paired, the rank
 * interval's equivalent standard error (its half-width over the normal quantile) for the typical
 * ratio, the delta method on the ratio of means for counts — and the overall change is
 * D = (1/W)·Σ d_w, se² = (1/W²)·Σ se_w², with degrees of freedom by Welch-Satterthwaite,
 * (Σ se_w²)² / Σ (se_w⁴/df_w) (Satterthwaite, F. E. (1946), "An approximate distribution of estimates
 * of variance components", Biometrics Bulletin 2). For rows that are all Welch's t on log values this
 * is exactly Welch-Satterthwaite over all 2W samples. The workloads are taken as given (the estimand
 * is this suite's mean change), so only the run-to-run noise enters the interval.
 */
public final class GeoMean {
    private GeoMean() {}

    /** Unpaired samples judged by the ratio of geometric means (the units of a build or boot study). */
    public static Comparison compare(
            List<double[]> baselines, List<double[]> candidates, Direction better, CompareOptions options) {
        return compare(
                baselines.stream().map(Sample::of).toList(),
                candidates.stream().map(Sample::of).toList(),
                Quantity.measurement(better),
                new CompareOptions(options.confidence(), options.thresholdPct(), Estimand.GEOMEAN));
    }

    /** One workload's log ratio as its row reports it, its standard error and df, and its baseline figure. */
    private record Part(double estimate, double se, double df, double baselineValue) {}

    /**
     * The geometric mean over workloads of the change each row reports (the samples as the rows were
     * given them: with rounds where the rows could pair), at {@code options}' confidence.
     */
    public static Comparison compare(
            List<Sample> baselines, List<Sample> candidates, Quantity quantity, CompareOptions options) {
        int w = baselines.size();
        if (w == 0 || w != candidates.size()) {
            throw new IllegalArgumentException("the geometric mean needs one baseline and one candidate per workload");
        }
        Direction better = quantity.better();
        boolean count = quantity.kind() == Quantity.Kind.COUNT;
        List<Part> parts = new ArrayList<>();
        int nb = Integer.MAX_VALUE;
        int nc = Integer.MAX_VALUE;
        for (int i = 0; i < w; i++) {
            Sample b = baselines.get(i);
            Sample c = candidates.get(i);
            Part part = count ? countPart(b, c) : measurementPart(b, c, options);
            if (part == null) {
                return none(better, b.size(), c.size(), i + 1, count);
            }
            parts.add(part);
            nb = Math.min(nb, b.size());
            nc = Math.min(nc, c.size());
        }
        double sum = 0;
        double sumLogBase = 0;
        double variance = 0; // Σ se_w²
        double dfDenominator = 0; // Σ se_w⁴ / df_w
        for (Part p : parts) {
            sum += p.estimate();
            sumLogBase += Math.log(p.baselineValue());
            variance += p.se() * p.se();
            if (Double.isFinite(p.df())) {
                dfDenominator += Math.pow(p.se(), 4) / p.df();
            }
        }
        double d = sum / w;
        double se = Math.sqrt(variance) / w;
        double df = dfDenominator > 0 ? variance * variance / dfDenominator : Double.POSITIVE_INFINITY;
        List<String> warnings = new ArrayList<>();
        double low = d;
        double high = d;
        double p = d == 0 ? 1 : 0;
        if (Double.isInfinite(se)) {
            low = Double.NEGATIVE_INFINITY;
            high = Double.POSITIVE_INFINITY;
            p = Double.NaN;
            warnings.add("a workload's row has no interval: neither has the geometric mean");
        } else if (se > 0) {
            double q;
            if (Double.isInfinite(df)) {
                NormalDistribution z = NormalDistribution.of(0, 1);
                q = z.inverseSurvivalProbability((1 - options.confidence()) / 2);
                p = 2 * z.survivalProbability(Math.abs(d) / se);
            } else {
                TDistribution t = TDistribution.of(df);
                q = t.inverseSurvivalProbability((1 - options.confidence()) / 2);
                p = 2 * t.survivalProbability(Math.abs(d) / se);
            }
            low = d - q * se;
            high = d + q * se;
        } else {
            warnings.add("no variation in any sample: the interval is a single point");
        }
        // no interval at all reads as the rows' do, (−∞, +∞), not as a ratio down to 0
        double lowPct = Double.isInfinite(se) ? Double.NEGATIVE_INFINITY : Math.expm1(low) * 100;
        double highPct = Math.expm1(high) * 100;
        double base = Math.exp(sumLogBase / w);
        return new Comparison(
                better,
                nb,
                nc,
                base,
                base * Math.exp(d),
                Math.expm1(d) * 100,
                lowPct,
                highPct,
                p,
                label(count, options.estimand()) + ", over " + w
                        + " workloads: the rows' log ratios averaged, welch-satterthwaite t",
                Verdicts.decide(lowPct, highPct, better, options.thresholdPct()),
                null,
                warnings,
                null,
                null);
    }

    /**
     * The overall row as its rows allow it to be read (docs/statistics.md): a geometric mean weighs each
     * workload's log ratio by that row's own standard error, so a row whose own interval is unbounded
     * (it reaches a ratio of 0 or of ∞: a count whose baseline mean cannot be told from 0, Fieller's
     * interval) or degenerate (a single point: runs that did not vary) cannot be weighed. The delta
     * method still gives such a count a finite standard error, and a point interval enters with none,
     * so the overall interval would claim what no row can: "−83.6% better" over two workloads whose
     * own intervals were ×0.00 to ×inf. Then the overall row is {@code inconclusive} and says which
     * rows made it so; where a row is unbounded its interval is unbounded too.
     *
     * @param workloads the rows' workload names, for the sentence
     * @param rows      each workload's own comparison, in the same order
     */
    public static Comparison overRows(Comparison overall, List<String> workloads, List<Comparison> rows) {
        List<String> unbounded = new ArrayList<>();
        List<String> points = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Comparison r = rows.get(i);
            if (r.difference() != null) {
                continue; // an all-zero baseline: the overall row has no ratio at all (none())
            }
            double low = r.ciLowPct();
            double high = r.ciHighPct();
            if (!(Double.isFinite(low) && Double.isFinite(high)) || low <= -100) {
                unbounded.add(workloads.get(i));
            } else if (low == high) {
                points.add(workloads.get(i));
            }
        }
        if (unbounded.isEmpty() && points.isEmpty()) {
            return overall;
        }
        List<String> why = new ArrayList<>();
        if (!unbounded.isEmpty()) {
            why.add(String.join(", ", unbounded)
                    + (unbounded.size() == 1
                            ? " has an unbounded interval of its own"
                            : " have unbounded intervals of their own")
                    + " (a ratio down to 0 or up to ∞)");
        }
        if (!points.isEmpty()) {
            why.add(String.join(", ", points)
                    + (points.size() == 1 ? " has a single-point interval" : " have single-point intervals")
                    + " (runs that did not vary)");
        }
        List<String> warnings = new ArrayList<>(overall.warnings());
        warnings.add(
                "no verdict over all workloads: " + String.join("; ", why) + ", which a geometric mean cannot weigh");
        boolean open = !unbounded.isEmpty();
        return new Comparison(
                overall.better(),
                overall.nBaseline(),
                overall.nCandidate(),
                overall.baselineValue(),
                overall.candidateValue(),
                overall.changePct(),
                open ? Double.NEGATIVE_INFINITY : overall.ciLowPct(),
                open ? Double.POSITIVE_INFINITY : overall.ciHighPct(),
                open ? Double.NaN : overall.pValue(),
                overall.method(),
                Verdict.INCONCLUSIVE,
                null,
                warnings,
                overall.difference(),
                overall.design());
    }

    /** What the overall change is: the geometric mean of what the rows report. */
    static String label(boolean count, Estimand estimand) {
        if (count) {
            return "geometric mean of ratios of means";
        }
        return estimand == Estimand.GEOMEAN ? Estimand.GEOMEAN.label() : "geometric mean of typical ratios";
    }

    private static Part measurementPart(Sample b, Sample c, CompareOptions options) {
        EstimandShifts.RowShift r = EstimandShifts.rowShift(b, c, options.estimand(), options.confidence());
        if (r == null) {
            return null;
        }
        Shift s = r.shift();
        return new Part(s.estimate(), s.se(), s.df(), r.baselineValue());
    }

    /**
     * A count's row reports the ratio of means (Fieller's interval); on the log scale its variance is
     * by the delta method: var(log x̄_c − log x̄_b) ≈ s²_c/(n_c·x̄_c²) + s²_b/(n_b·x̄_b²) with Welch's df,
     * or, paired where the row is, var of c_r/x̄_c − b_r/x̄_b over the rounds, over n, with n − 1 df.
     */
    private static Part countPart(Sample baseline, Sample candidate) {
        double[] b = baseline.values();
        double[] c = candidate.values();
        if (b.length < 2 || c.length < 2) {
            return null;
        }
        Comparisons.Pairs pairs = Comparisons.Pairs.of(baseline, candidate, false);
        if (pairs != null) {
            b = pairs.baseline();
            c = pairs.candidate();
        }
        double mb = Robust.mean(b);
        double mc = Robust.mean(c);
        if (!(mb > 0 && mc > 0)) {
            return null;
        }
        double estimate = Math.log(mc / mb);
        if (pairs != null) {
            double[] d = new double[b.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = c[i] / mc - b[i] / mb;
            }
            return new Part(estimate, Math.sqrt(Robust.variance(d) / d.length), d.length - 1, mb);
        }
        double vb = Robust.variance(b) / (b.length * mb * mb);
        double vc = Robust.variance(c) / (c.length * mc * mc);
        double dfDenominator = vb * vb / (b.length - 1) + vc * vc / (c.length - 1);
        double df = dfDenominator > 0 ? (vb + vc) * (vb + vc) / dfDenominator : b.length + c.length - 2;
        return new Part(estimate, Math.sqrt(vb + vc), df, mb);
    }

    private static Comparison none(Direction better, int nb, int nc, int workload, boolean count) {
        return NoInterval.of(
                better,
                nb,
                nc,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                "workload " + workload + " has fewer than 2 runs or "
                        + (count ? "a mean of 0" : "values at or below zero") + ": no geometric mean");
    }
}
