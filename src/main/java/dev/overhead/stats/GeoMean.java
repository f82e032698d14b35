package dev.overhead.stats;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The overall change across several workloads: the geometric mean of the per-workload ratios,
 * exp((1/W)·Σ (mean log c_w − mean log b_w)) − 1, with a t interval whose variance is
 * (1/W²)·Σ (s²_bw/n_bw + s²_cw/n_cw) and whose degrees of freedom come from the
 * Welch-Satterthwaite formula over all 2W samples (Satterthwaite, F. E. (1946), "An approximate
 * distribution of estimates of variance components", Biometrics Bulletin 2). The workloads are
 * taken as given (the estimand is this suite's mean change), so only the run-to-run noise enters
 * the interval. Fleming and Wallace (1986), "How not to lie with statistics: the correct way to
 * summarize benchmark results", CACM 29, give the reason for the geometric mean.
 */
public final class GeoMean {
    private GeoMean() {}

    public static Comparison compare(
            List<double[]> baselines, List<double[]> candidates, Direction better, CompareOptions options) {
        int w = baselines.size();
        if (w == 0 || w != candidates.size()) {
            throw new IllegalArgumentException("the geometric mean needs one baseline and one candidate per workload");
        }
        double sumDiff = 0;
        double sumLogB = 0;
        double sumLogC = 0;
        double sumVar = 0;
        double dfDenominator = 0;
        int nb = Integer.MAX_VALUE;
        int nc = Integer.MAX_VALUE;
        List<String> warnings = new ArrayList<>();
        for (int i = 0; i < w; i++) {
            double[] b = baselines.get(i);
            double[] c = candidates.get(i);
            if (b.length < 2 || c.length < 2 || !Robust.allPositive(b) || !Robust.allPositive(c)) {
                return new Comparison(
                        better,
                        b.length,
                        c.length,
                        Double.NaN,
                        Double.NaN,
                        Double.NaN,
                        Double.NEGATIVE_INFINITY,
                        Double.POSITIVE_INFINITY,
                        Double.NaN,
                        "none",
                        Verdict.INCONCLUSIVE,
                        null,
                        List.of("workload " + (i + 1) + " has fewer than 2 runs or values at or below zero:"
                                + " no geometric mean"),
                        null,
                        null);
            }
            double[] lb = Robust.logs(b);
            double[] lc = Robust.logs(c);
            double mb = Robust.mean(lb);
            double mc = Robust.mean(lc);
            double vb = Robust.variance(lb) / b.length;
            double vc = Robust.variance(lc) / c.length;
            sumDiff += mc - mb;
            sumLogB += mb;
            sumLogC += mc;
            sumVar += vb + vc;
            dfDenominator += vb * vb / (b.length - 1) + vc * vc / (c.length - 1);
            nb = Math.min(nb, b.length);
            nc = Math.min(nc, c.length);
        }
        double d = sumDiff / w;
        double se = Math.sqrt(sumVar) / w;
        double low = d;
        double high = d;
        double p = d == 0 ? 1 : 0;
        if (se > 0) {
            TDistribution t = TDistribution.of(sumVar * sumVar / dfDenominator);
            double q = t.inverseSurvivalProbability((1 - options.confidence()) / 2);
            low = d - q * se;
            high = d + q * se;
            p = 2 * t.survivalProbability(Math.abs(d) / se);
        } else {
            warnings.add("no variation in any sample: the interval is a single point");
        }
        double lowPct = Math.expm1(low) * 100;
        double highPct = Math.expm1(high) * 100;
        return new Comparison(
                better,
                nb,
                nc,
                Math.exp(sumLogB / w),
                Math.exp(sumLogC / w),
                Math.expm1(d) * 100,
                lowPct,
                highPct,
                p,
                "geometric mean of " + w + " workloads, welch-satterthwaite t on log values",
                Verdicts.decide(lowPct, highPct, better, options.thresholdPct()),
                null,
                warnings,
                null,
                null);
    }
}
