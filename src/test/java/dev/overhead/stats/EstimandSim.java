package dev.overhead.stats;

import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Issue 13.3's measurement (a benchmark, run by hand: not a test): what the engine's rule reports
 * against the ratio of geometric means by Welch on logs at every n, on spiky noise where the change
 * is a shift (+3% every run) and where it is a change of the spikes' frequency (10% → 40% of runs).
 */
public final class EstimandSim {
    private EstimandSim() {}

    static double draw(UniformRandomProvider rng, double spikeP, double shift) {
        double x = Math.exp(0.02 * ZigguratSampler.NormalizedGaussian.of(rng).sample());
        if (rng.nextDouble() < spikeP) {
            x *= 1 + 0.2 * ZigguratSampler.Exponential.of(rng).sample();
        }
        return x * shift;
    }

    public static void main(String[] args) {
        int studies = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(20261203L);
        // the true ratios, by a large sample: geometric means and arithmetic means
        double lb = 0, lc = 0, mb = 0, mc = 0;
        int big = 4_000_000;
        for (int i = 0; i < big; i++) {
            double b = draw(rng, 0.1, 1);
            double c = draw(rng, 0.4, 1);
            lb += Math.log(b);
            lc += Math.log(c);
            mb += b;
            mc += c;
        }
        double gmTrue = Math.expm1((lc - lb) / big) * 100;
        System.out.printf(
                Locale.ROOT,
                "spike frequency 10%% -> 40%%: ratio of means %+.2f%%, of geometric means %+.2f%%%n%n",
                (mc / mb - 1) * 100,
                gmTrue);
        System.out.println("| scenario | runs | engine: mean change | engine: covers GM ratio | engine: worse"
                + " | Welch on logs: mean change | covers GM ratio | worse |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        for (String scenario : new String[] {"shift +3%, spikes 10%", "spikes 10% -> 40%"}) {
            boolean shift = scenario.startsWith("shift");
            double truth = shift ? 3.0 : gmTrue;
            for (int n : new int[] {5, 10, 30}) {
                double eSum = 0, wSum = 0;
                int eCov = 0, wCov = 0, eWorse = 0, wWorse = 0;
                for (int s = 0; s < studies; s++) {
                    double[] b = new double[n];
                    double[] c = new double[n];
                    for (int i = 0; i < n; i++) {
                        b[i] = draw(rng, 0.1, 1);
                        c[i] = shift ? draw(rng, 0.1, 1.03) : draw(rng, 0.4, 1);
                    }
                    Comparison e = Comparisons.compare(b, c, Direction.LOWER, CompareOptions.DEFAULT);
                    Shift w = Welch.unpaired(Robust.logs(b), Robust.logs(c), 0.95);
                    double wl = Math.expm1(w.low()) * 100;
                    double wh = Math.expm1(w.high()) * 100;
                    eSum += e.changePct();
                    wSum += Math.expm1(w.estimate()) * 100;
                    eCov += e.ciLowPct() <= truth && truth <= e.ciHighPct() ? 1 : 0;
                    wCov += wl <= truth && truth <= wh ? 1 : 0;
                    eWorse += e.verdict() == Verdict.WORSE ? 1 : 0;
                    wWorse += Verdicts.decide(wl, wh, Direction.LOWER, 1.0) == Verdict.WORSE ? 1 : 0;
                }
                System.out.printf(
                        Locale.ROOT,
                        "| %s | %d | %+.2f%% | %.1f%% | %.1f%% | %+.2f%% | %.1f%% | %.1f%% |%n",
                        scenario,
                        n,
                        eSum / studies,
                        100.0 * eCov / studies,
                        100.0 * eWorse / studies,
                        wSum / studies,
                        100.0 * wCov / studies,
                        100.0 * wWorse / studies);
            }
        }
    }
}
