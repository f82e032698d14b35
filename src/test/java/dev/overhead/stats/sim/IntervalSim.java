package dev.overhead.stats.sim;

import dev.overhead.stats.Direction;
import dev.overhead.stats.SequentialPlan;
import dev.overhead.stats.Verdict;
import dev.overhead.stats.Verdicts;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Issue 13.3's comparison of candidate intervals for the ratio of geometric means (docs/statistics.md
 * §2b; a benchmark, not a test): each candidate interval on log values, computed here from its
 * formula on the same simulated studies (common random numbers), at 3, 5, 10, 30 runs and under the
 * engine's looks. The engine's own interval is measured through the engine by {@link EstimandSim} and
 * {@link StatsSim}; this table compares the others with it (none replaced it), and prints the bound
 * on what any interval can reach at few runs ({@link #leastAdmitted}).
 */
public final class IntervalSim {
    static final SequentialPlan PLAN = new SequentialPlan(5, 50);

    private IntervalSim() {}

    interface Draw {
        double draw(UniformRandomProvider rng);
    }

    /** Spikes drawn so far (single-threaded): which studies' candidate hit none. */
    static int spikesDrawn;

    static double spikes(UniformRandomProvider rng, double p) {
        double x = Math.exp(0.02 * ZigguratSampler.NormalizedGaussian.of(rng).sample());
        if (rng.nextDouble() < p) {
            spikesDrawn++;
            x *= 1 + 0.2 * ZigguratSampler.Exponential.of(rng).sample();
        }
        return x;
    }

    static double lognormal(UniformRandomProvider rng, double sigma) {
        return Math.exp(sigma * ZigguratSampler.NormalizedGaussian.of(rng).sample());
    }

    /** 0.95 + Gamma(shape 2, scale 2.5%): mean 1, sd 3.5%, skewness 1.41. */
    static double gamma(UniformRandomProvider rng) {
        return 0.95 + AhrensDieterMarsagliaTsangGammaSampler.of(rng, 2, 0.025).sample();
    }

    static double bimodal(UniformRandomProvider rng) {
        double x = Math.exp(0.02 * ZigguratSampler.NormalizedGaussian.of(rng).sample());
        return rng.nextDouble() < 0.3 ? x * 1.08 : x;
    }

    record Scenario(String label, Draw baseline, Draw candidate, double truthPct) {}

    public static void run(int studies, long seed, PrintStream out) {
        UniformRandomProvider truthRng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        int big = 4_000_000;
        double lb = 0, lc = 0;
        for (int i = 0; i < big; i++) {
            lb += Math.log(spikes(truthRng, 0.1));
            lc += Math.log(spikes(truthRng, 0.4));
        }
        double gm = Math.expm1((lc - lb) / big) * 100;
        List<Scenario> scenarios = List.of(
                new Scenario("spikes 10% -> 40%", r -> spikes(r, 0.1), r -> spikes(r, 0.4), gm),
                new Scenario("A/A lognormal 1%", r -> lognormal(r, 0.01), r -> lognormal(r, 0.01), 0),
                new Scenario("A/A lognormal 3%", r -> lognormal(r, 0.03), r -> lognormal(r, 0.03), 0),
                new Scenario("A/A spikes 10%", r -> spikes(r, 0.1), r -> spikes(r, 0.1), 0),
                new Scenario("A/A gamma", IntervalSim::gamma, IntervalSim::gamma, 0),
                new Scenario("A/A bimodal", IntervalSim::bimodal, IntervalSim::bimodal, 0),
                new Scenario("+3% lognormal 1%", r -> lognormal(r, 0.01), r -> 1.03 * lognormal(r, 0.01), 3),
                new Scenario("+3% lognormal 3%", r -> lognormal(r, 0.03), r -> 1.03 * lognormal(r, 0.03), 3),
                new Scenario("+3% lognormal 5%", r -> lognormal(r, 0.05), r -> 1.03 * lognormal(r, 0.05), 3),
                new Scenario("+3% spikes 10%", r -> spikes(r, 0.1), r -> 1.03 * spikes(r, 0.1), 3),
                new Scenario("+3% gamma", IntervalSim::gamma, r -> 1.03 * gamma(r), 3),
                new Scenario("+3% bimodal", IntervalSim::bimodal, r -> 1.03 * bimodal(r), 3));
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, confidence 0.95, threshold 1.0%%; spikes 10%% -> 40%%: ratio of"
                        + " geometric means %+.2f%%%n%n",
                studies,
                seed,
                gm);
        java.util.Map<String, Result> results = new java.util.HashMap<>();
        for (Scenario sc : scenarios) {
            for (int n : NS) {
                simulate(sc, n, studies, seed, gm, results);
            }
        }
        out.println("| interval | runs | spike-frequency coverage | of it, where the candidate hit no spike"
                + " | A/A worse+better: lognormal 1%, 3%, spikes | lowest coverage, §5 shapes (A/A and +3%)"
                + " | power +3%: spikes, lognormal 3% | median width, lognormal 3% | A/A spikes: admits +5.25% |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|");
        for (CandidateIntervals.Method method : CandidateIntervals.METHODS) {
            for (int n : NS) {
                java.util.function.Function<String, Result> at =
                        label -> results.get(label + "|" + n + "|" + method.name());
                Result f = at.apply(scenarios.get(0).label());
                double lowest = 100;
                String where = "";
                for (Scenario sc : scenarios.subList(1, scenarios.size())) {
                    if (at.apply(sc.label()).coverage() < lowest) {
                        lowest = at.apply(sc.label()).coverage();
                        where = sc.label();
                    }
                }
                out.printf(
                        Locale.ROOT,
                        "| %s | %s | %.1f%% | %s | %.1f%%, %.1f%%, %.1f%% | %.1f%% (%s) | %.1f%%, %.1f%% | %.2f | %.1f%% |%n",
                        method.name(),
                        n == 0 ? "adaptive" : String.valueOf(n),
                        f.coverage(),
                        n == 0 || Double.isNaN(f.quietCoverage())
                                ? "–"
                                : String.format(Locale.ROOT, "%.1f%% of %.1f%%", f.quietCoverage(), f.quietShare()),
                        at.apply("A/A lognormal 1%").falseVerdicts(),
                        at.apply("A/A lognormal 3%").falseVerdicts(),
                        at.apply("A/A spikes 10%").falseVerdicts(),
                        lowest,
                        where,
                        at.apply("+3% spikes 10%").worse(),
                        at.apply("+3% lognormal 3%").worse(),
                        at.apply("+3% lognormal 3%").medianWidth(),
                        at.apply("A/A spikes 10%").admitsFrequencyChange());
            }
        }
        out.println();
        out.println("| runs | candidate hits no spike | hits at most one | A/A admits +5.25%: least for 94% coverage"
                + " | welch-t (measured) |");
        out.println("|---|---:|---:|---:|---:|");
        for (int n : new int[] {3, 5, 10, 30}) {
            out.printf(
                    Locale.ROOT,
                    "| %d | %.1f%% | %.1f%% | %.1f%% | %.1f%% |%n",
                    n,
                    100 * binom(n, 0, 0.4),
                    100 * (binom(n, 0, 0.4) + binom(n, 1, 0.4)),
                    100 * leastAdmitted(n, 0.94),
                    results.get("A/A spikes 10%|" + n + "|welch-t").admitsFrequencyChange());
        }
    }

    static final int[] NS = {3, 5, 10, 30, 0};

    static double binom(int n, int k, double p) {
        double c = 1;
        for (int i = 0; i < k; i++) {
            c = c * (n - i) / (i + 1);
        }
        return c * Math.pow(p, k) * Math.pow(1 - p, n - k);
    }

    /**
     * The impossibility bound of docs/statistics.md §2b. Given k, the number of the candidate's n runs
     * that hit a spike, the data are distributed alike whether spikes come in 40% of its runs or in 10%,
     * so an interval's chance r_k of containing the spike-frequency change is the same in that study
     * and in an A/A study. Coverage is Σ Binom(k; n, 0.4)·r_k, the A/A studies that admit the change
     * Σ Binom(k; n, 0.1)·r_k; the least of the latter for a coverage (a fractional knapsack: raise r_k
     * where Binom(k; n, 0.4)/Binom(k; n, 0.1) is largest, i.e. from the largest k down).
     */
    static double leastAdmitted(int n, double coverage) {
        double missed = 1, admitted = 0;
        for (int k = n; k >= 0 && missed > 1 - coverage; k--) {
            double p = binom(n, k, 0.4);
            double r = Math.min(1, (missed - (1 - coverage)) / p);
            missed -= r * p;
            admitted += r * binom(n, k, 0.1);
        }
        return admitted;
    }

    /** One cell's figures for one interval, in percent. */
    record Result(
            double coverage,
            double falseVerdicts,
            double worse,
            double medianWidth,
            double quietCoverage,
            double quietShare,
            double admitsFrequencyChange) {}

    static void simulate(Scenario sc, int n, int studies, long seed, double gm, java.util.Map<String, Result> results) {
        int m = CandidateIntervals.METHODS.size();
        int[] covered = new int[m], worse = new int[m], better = new int[m], admits = new int[m];
        double[][] width = new double[m][studies];
        int quiet = 0;
        int[] quietCovered = new int[m];
        UniformRandomProvider data = RandomSource.XO_RO_SHI_RO_128_PP.create(
                seed + 31L * n + sc.label().hashCode());
        UniformRandomProvider boot = RandomSource.XO_RO_SHI_RO_128_PP.create(seed ^ 0x5eed);
        int max = n == 0 ? PLAN.maxRuns() : n;
        for (int s = 0; s < studies; s++) {
            double[] b = new double[max], c = new double[max];
            int candidateSpikes = 0;
            for (int i = 0; i < max; i++) {
                b[i] = Math.log(sc.baseline().draw(data));
                int before = spikesDrawn;
                c[i] = Math.log(sc.candidate().draw(data));
                candidateSpikes += spikesDrawn - before;
            }
            quiet += candidateSpikes == 0 ? 1 : 0;
            for (int k = 0; k < m; k++) {
                double[] iv = null;
                if (n == 0) {
                    for (int look : PLAN.looks()) {
                        iv = CandidateIntervals.METHODS
                                .get(k)
                                .interval(
                                        java.util.Arrays.copyOf(b, look),
                                        java.util.Arrays.copyOf(c, look),
                                        PLAN.nominalConfidence(0.95, look),
                                        boot);
                        if (verdict(iv).decisive()) {
                            break;
                        }
                    }
                } else {
                    iv = CandidateIntervals.METHODS.get(k).interval(b, c, 0.95, boot);
                }
                double lo = Math.expm1(iv[0]) * 100, hi = Math.expm1(iv[1]) * 100;
                boolean cov = lo <= sc.truthPct() && sc.truthPct() <= hi;
                covered[k] += cov ? 1 : 0;
                quietCovered[k] += cov && candidateSpikes == 0 ? 1 : 0;
                admits[k] += lo <= gm && gm <= hi ? 1 : 0;
                Verdict v = verdict(iv);
                worse[k] += v == Verdict.WORSE ? 1 : 0;
                better[k] += v == Verdict.BETTER ? 1 : 0;
                width[k][s] = hi - lo;
            }
        }
        for (int k = 0; k < m; k++) {
            java.util.Arrays.sort(width[k]);
            results.put(
                    sc.label() + "|" + n + "|"
                            + CandidateIntervals.METHODS.get(k).name(),
                    new Result(
                            100.0 * covered[k] / studies,
                            100.0 * (worse[k] + better[k]) / studies,
                            100.0 * worse[k] / studies,
                            width[k][studies / 2],
                            quiet == 0 ? Double.NaN : 100.0 * quietCovered[k] / quiet,
                            100.0 * quiet / studies,
                            100.0 * admits[k] / studies));
        }
    }

    static Verdict verdict(double[] iv) {
        return Verdicts.decide(Math.expm1(iv[0]) * 100, Math.expm1(iv[1]) * 100, Direction.LOWER, 1.0);
    }
}
