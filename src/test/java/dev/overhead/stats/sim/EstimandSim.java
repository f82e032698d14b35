package dev.overhead.stats.sim;

import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Estimand;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.Sample;
import dev.overhead.stats.SequentialPlan;
import dev.overhead.stats.Verdict;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Issue 13.3's measurement (docs/statistics.md §2b; a benchmark, not a test): both estimands through
 * the real engine on spiky noise (lognormal 2%, and in 10% of runs an extra Exp(mean 20%) delay),
 * where the change is a shift (+3% every run), where it is a change of the spikes' frequency
 * (10% → 40% of runs), and with no change (A/A). Each estimand's coverage is of its own true value,
 * found from a large sample: the ratio of geometric means, and the typical ratio (the median of
 * log c − log b over independent runs).
 */
public final class EstimandSim {
    static final SequentialPlan PLAN = new SequentialPlan(5, 50);
    static final Quantity TIME = Quantity.measurement(Direction.LOWER);

    private EstimandSim() {}

    static double draw(UniformRandomProvider rng, double spikeP, double shift) {
        double x = Math.exp(0.02 * ZigguratSampler.NormalizedGaussian.of(rng).sample());
        if (rng.nextDouble() < spikeP) {
            x *= 1 + 0.2 * ZigguratSampler.Exponential.of(rng).sample();
        }
        return x * shift;
    }

    record Scenario(String label, double candidateSpikes, double shift) {}

    public static void run(int studies, long seed, PrintStream out) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        // The true values of the spike-frequency change, from 4·10⁶ draws a side (the typical ratio
        // from the median of 4·10⁶ independent differences).
        int big = 4_000_000;
        double lb = 0, lc = 0, mb = 0, mc = 0;
        double[] diffs = new double[big];
        for (int i = 0; i < big; i++) {
            double b = draw(rng, 0.1, 1);
            double c = draw(rng, 0.4, 1);
            lb += Math.log(b);
            lc += Math.log(c);
            mb += b;
            mc += c;
            diffs[i] = Math.log(c) - Math.log(b);
        }
        Arrays.sort(diffs);
        double gmTrue = Math.expm1((lc - lb) / big) * 100;
        double typicalTrue = Math.expm1((diffs[big / 2 - 1] + diffs[big / 2]) / 2) * 100;
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, confidence 0.95, threshold 1.0%%, adaptive: min %d max %d runs%n"
                        + "spikes 10%% -> 40%%: ratio of means %+.2f%%, ratio of geometric means %+.2f%%,"
                        + " typical ratio %+.2f%%%n%n",
                studies,
                seed,
                PLAN.minRuns(),
                PLAN.maxRuns(),
                (mc / mb - 1) * 100,
                gmTrue,
                typicalTrue);
        out.println("| scenario | runs | estimand | mean change | true change | coverage | worse | better |"
                + " mean runs |");
        out.println("|---|---|---|---:|---:|---:|---:|---:|---:|");
        Scenario[] scenarios = {
            new Scenario("A/A, spikes 10%", 0.1, 1),
            new Scenario("shift +3%, spikes 10%", 0.1, 1.03),
            new Scenario("spikes 10% -> 40%", 0.4, 1)
        };
        for (Scenario sc : scenarios) {
            for (int n : new int[] {3, 5, 10, 30, 0}) {
                for (Estimand estimand : Estimand.values()) {
                    double truth = sc.candidateSpikes() == 0.4
                            ? (estimand == Estimand.GEOMEAN ? gmTrue : typicalTrue)
                            : (sc.shift() - 1) * 100;
                    CompareOptions options = new CompareOptions(0.95, 1.0, estimand);
                    double sum = 0;
                    int finite = 0, covered = 0, worse = 0, better = 0;
                    long runs = 0;
                    // the same studies for both estimands (common random numbers)
                    UniformRandomProvider cells = RandomSource.XO_RO_SHI_RO_128_PP.create(
                            seed + 31L * n + sc.label().hashCode());
                    for (int s = 0; s < studies; s++) {
                        Comparison c = study(sc, n, options, cells);
                        if (Double.isFinite(c.changePct())) {
                            sum += c.changePct();
                            finite++;
                        }
                        covered += c.ciLowPct() <= truth && truth <= c.ciHighPct() ? 1 : 0;
                        worse += c.verdict() == Verdict.WORSE ? 1 : 0;
                        better += c.verdict() == Verdict.BETTER ? 1 : 0;
                        runs += c.nBaseline();
                    }
                    out.printf(
                            Locale.ROOT,
                            "| %s | %s | %s | %+.2f%% | %+.2f%% | %.1f%% | %.1f%% | %.1f%% | %.1f |%n",
                            sc.label(),
                            n == 0 ? "adaptive" : String.valueOf(n),
                            estimand.word(),
                            sum / Math.max(finite, 1),
                            truth,
                            100.0 * covered / studies,
                            100.0 * worse / studies,
                            100.0 * better / studies,
                            (double) runs / studies);
                }
            }
        }
    }

    /** One study: n runs a side, or (n = 0) the looks of the plan until decisive or 50 runs. */
    static Comparison study(Scenario sc, int n, CompareOptions options, UniformRandomProvider rng) {
        int max = n == 0 ? PLAN.maxRuns() : n;
        double[] b = new double[max];
        double[] c = new double[max];
        for (int i = 0; i < max; i++) {
            b[i] = draw(rng, 0.1, 1);
            c[i] = draw(rng, sc.candidateSpikes(), sc.shift());
            int k = i + 1;
            if (n == 0 && PLAN.isLook(k)) {
                Comparison r = Comparisons.compare(
                        Sample.of(Arrays.copyOf(b, k)), Sample.of(Arrays.copyOf(c, k)), TIME, options, PLAN);
                if (r.verdict().decisive() || k == max) {
                    return r;
                }
            }
        }
        return Comparisons.compare(Sample.of(b), Sample.of(c), TIME, options, Looks.FIXED);
    }
}
