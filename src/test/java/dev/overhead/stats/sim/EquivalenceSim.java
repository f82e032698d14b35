package dev.overhead.stats.sim;

import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.Sample;
import dev.overhead.stats.Verdict;
import dev.overhead.stats.Verdicts;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.inference.FisherExactTest;

/**
 * Issue 28 items 1 and 2 through the real engine ({@link Comparisons#compare}, what {@code overhead compare}
 * calls): how often `equivalent` is said of a change confined to some runs or hidden by few-valued data,
 * and how often an all-zero baseline gives a false verdict (docs/statistics.md, "Equivalent needs evidence"
 * and "Rare events"). "before" is the first rule (the verdict read from the same interval, with the edges of
 * that time), computed on the same studies; adaptive studies stop at the looks of §4 under each rule.
 */
final class EquivalenceSim {
    private EquivalenceSim() {}

    interface Draw {
        double next(UniformRandomProvider rng, boolean candidate);
    }

    record Scenario(String label, Quantity quantity, Draw draw, double truePct) {}

    static double gauss(UniformRandomProvider rng) {
        return ZigguratSampler.NormalizedGaussian.of(rng).sample();
    }

    static List<Scenario> scenarios() {
        Quantity time = Quantity.measurement(Direction.LOWER);
        Draw spikes = (rng, cand) -> Math.exp(0.005 * gauss(rng)) * (rng.nextDouble() < (cand ? 0.10 : 0.05) ? 3 : 1);
        Draw twoValues = (rng, cand) -> rng.nextDouble() < (cand ? 0.20 : 0.10) ? 1.3 : 1.0;
        Draw bernoulli = (rng, cand) -> rng.nextDouble() < (cand ? 0.4 : 0.3) ? 1 : 0;
        Draw quiet = (rng, cand) -> Math.exp(0.005 * gauss(rng));
        Draw quiet1 = (rng, cand) -> Math.exp(0.01 * gauss(rng));
        return List.of(
                new Scenario(
                        "spikes ×3 in 5% → 10% of runs, lognormal 0.5%",
                        time, spikes, 100 * Math.expm1(0.05 * Math.log(3))),
                new Scenario(
                        "two values: 1.3 in 10% → 20% of runs",
                        time, twoValues, 100 * Math.expm1(0.10 * Math.log(1.3))),
                new Scenario("counts Bernoulli(0.3 → 0.4)", Quantity.count(Direction.LOWER), bernoulli, 100 / 3.0),
                new Scenario("A/A lognormal 0.5%", time, quiet, 0),
                new Scenario("A/A lognormal 1%", time, quiet1, 0));
    }

    static void run(int studies, long seed, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, confidence 0.95, threshold 1.0%%, adaptive: looks at 5, 10, 20, 40, 50"
                        + " runs%n%n",
                studies,
                seed);
        out.println("| scenario | true change | runs | equivalent: before → now | worse | better | coverage"
                + " | mean runs | median runs needed (inconclusive) |");
        out.println("|---|---:|---|---:|---:|---:|---:|---:|---:|");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        for (Scenario s : scenarios()) {
            for (int n : new int[] {3, 5, 10, 20, 30, 0}) {
                int eqBefore = 0;
                int eqNow = 0;
                int worse = 0;
                int better = 0;
                int covered = 0;
                long runs = 0;
                int[] needed = new int[studies];
                int inconclusive = 0;
                for (int i = 0; i < studies; i++) {
                    int max = n == 0 ? StatsSim.PLAN.maxRuns() : n;
                    double[] b = new double[max];
                    double[] c = new double[max];
                    for (int j = 0; j < max; j++) {
                        b[j] = s.draw().next(rng, false);
                        c[j] = s.draw().next(rng, true);
                    }
                    Comparison before = study(s.quantity(), b, c, n, EquivalenceSim::before);
                    Comparison now = study(s.quantity(), b, c, n, (r, bc) -> r.verdict());
                    eqBefore += before(before, lastSamples(before, b, c)) == Verdict.EQUIVALENT ? 1 : 0;
                    eqNow += now.verdict() == Verdict.EQUIVALENT ? 1 : 0;
                    worse += now.verdict() == Verdict.WORSE ? 1 : 0;
                    better += now.verdict() == Verdict.BETTER ? 1 : 0;
                    covered += StatsSim.covers(now, s.truePct()) ? 1 : 0;
                    runs += now.nBaseline();
                    if (now.verdict() == Verdict.INCONCLUSIVE) {
                        needed[inconclusive++] = now.runsNeeded() == null ? Integer.MAX_VALUE : now.runsNeeded();
                    }
                }
                int[] inc = Arrays.copyOf(needed, inconclusive);
                Arrays.sort(inc);
                String median = inconclusive == 0
                        ? "–"
                        : inc[inconclusive / 2] == Integer.MAX_VALUE ? "none" : String.valueOf(inc[inconclusive / 2]);
                out.printf(
                        Locale.ROOT,
                        "| %s | %+.2f%% | %s | %.1f%% → %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f | %s |%n",
                        s.label(),
                        s.truePct(),
                        n == 0 ? "adaptive" : String.valueOf(n),
                        StatsSim.pct(eqBefore, studies),
                        StatsSim.pct(eqNow, studies),
                        StatsSim.pct(worse, studies),
                        StatsSim.pct(better, studies),
                        StatsSim.pct(covered, studies),
                        (double) runs / studies,
                        median);
            }
        }
    }

    private static double[][] lastSamples(Comparison r, double[] b, double[] c) {
        return new double[][] {Arrays.copyOf(b, r.nBaseline()), Arrays.copyOf(c, r.nCandidate())};
    }

    /**
     * One study on drawn values: fixed n, or the looks of the plan until {@code rule} calls the comparison
     * decisive (n = 0).
     */
    static Comparison study(
            Quantity q, double[] b, double[] c, int n, BiFunction<Comparison, double[][], Verdict> rule) {
        if (n != 0) {
            return Comparisons.compare(Sample.of(b), Sample.of(c), q, StatsSim.OPTIONS, Looks.FIXED);
        }
        Comparison r = null;
        for (int k : StatsSim.PLAN.looks()) {
            double[] bk = Arrays.copyOf(b, k);
            double[] ck = Arrays.copyOf(c, k);
            r = Comparisons.compare(Sample.of(bk), Sample.of(ck), q, StatsSim.OPTIONS, StatsSim.PLAN);
            if (rule.apply(r, new double[][] {bk, ck}).decisive()) {
                return r;
            }
        }
        return r;
    }

    /**
     * The first rule's verdict, read from the comparison's interval (which this change leaves as it was):
     * the verdict of the interval, no verdict from fewer than 3 runs or from a point interval while the
     * values vary; an all-zero baseline decided by Welch's interval of the difference, `equivalent` when both
     * sides are 0 in every run.
     */
    static Verdict before(Comparison r, double[][] samples) {
        double[] b = samples[0];
        double[] c = samples[1];
        int n = Math.min(b.length, c.length);
        if (n < 3) {
            return Verdict.INCONCLUSIVE;
        }
        boolean constant = constant(b) && constant(c);
        if (r.difference() != null) {
            Comparison.Difference d = r.difference();
            if (constant(c) && d.estimate() == 0) {
                return Verdict.EQUIVALENT;
            }
            if (d.low() == d.high() && !constant(c)) {
                return Verdict.INCONCLUSIVE;
            }
            if (d.low() > 0 || d.high() < 0) {
                return (d.low() > 0) == (r.better() == Direction.LOWER) ? Verdict.WORSE : Verdict.BETTER;
            }
            return Verdict.INCONCLUSIVE;
        }
        Verdict v = Verdicts.decide(r.ciLowPct(), r.ciHighPct(), r.better(), StatsSim.OPTIONS.thresholdPct());
        if (v.decisive() && r.ciLowPct() == r.ciHighPct() && !constant) {
            return Verdict.INCONCLUSIVE;
        }
        return v;
    }

    private static boolean constant(double[] v) {
        return Arrays.stream(v).allMatch(x -> x == v[0]);
    }

    /**
     * A/A counts whose baseline came out 0 in every run: conditional on that, the baseline is n zeros and
     * the candidate n independent draws, so the cell draws exactly those (every study counts). Rules on the
     * same studies: Welch's interval of the difference (before), Fisher's exact test on the runs with events at
     * 5% (the exact conditional test), and the engine's (now).
     */
    static void zeroBaseline(int studies, long seed, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%n%d studies per row, all with a baseline 0 in every run (drawn conditional on it), seed %d,"
                        + " confidence 0.95%n%n",
                studies,
                seed);
        out.println("| candidate's runs | runs | P(baseline all zero) under A/A | worse+better: Welch (before)"
                + " | Fisher's exact test at 5% | now | now: equivalent | median runs needed (inconclusive) |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        Quantity count = Quantity.count(Direction.LOWER);
        record Row(String label, double p, boolean aa) {}
        for (Row row : List.of(
                new Row("A/A: Bernoulli(0.1)", 0.1, true),
                new Row("A/A: Bernoulli(0.05)", 0.05, true),
                new Row("A/B: baseline never, candidate Bernoulli(0.1)", 0.1, false),
                new Row("A/B: baseline never, candidate Bernoulli(0.2)", 0.2, false))) {
            for (int n : new int[] {5, 10, 20, 25, 30}) {
                int welch = 0;
                int fisher = 0;
                int now = 0;
                int eq = 0;
                int[] needed = new int[studies];
                int inconclusive = 0;
                for (int i = 0; i < studies; i++) {
                    double[] b = new double[n];
                    double[] c = new double[n];
                    int k = 0;
                    for (int j = 0; j < n; j++) {
                        c[j] = rng.nextDouble() < row.p() ? 1 : 0;
                        k += (int) c[j];
                    }
                    Comparison r =
                            Comparisons.compare(Sample.of(b), Sample.of(c), count, StatsSim.OPTIONS, Looks.FIXED);
                    Verdict old = before(r, new double[][] {b, c});
                    welch += old == Verdict.WORSE || old == Verdict.BETTER ? 1 : 0;
                    double p = FisherExactTest.withDefaults()
                            .test(new int[][] {{0, n}, {k, n - k}})
                            .getPValue();
                    fisher += p <= 0.05 ? 1 : 0;
                    now += r.verdict() == Verdict.WORSE || r.verdict() == Verdict.BETTER ? 1 : 0;
                    eq += r.verdict() == Verdict.EQUIVALENT ? 1 : 0;
                    if (r.verdict() == Verdict.INCONCLUSIVE) {
                        needed[inconclusive++] = r.runsNeeded() == null ? Integer.MAX_VALUE : r.runsNeeded();
                    }
                }
                int[] inc = Arrays.copyOf(needed, inconclusive);
                Arrays.sort(inc);
                String median = inconclusive == 0
                        ? "–"
                        : inc[inconclusive / 2] == Integer.MAX_VALUE ? "none" : String.valueOf(inc[inconclusive / 2]);
                out.printf(
                        Locale.ROOT,
                        "| %s | %d | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %s |%n",
                        row.label(),
                        n,
                        row.aa() ? String.format(Locale.ROOT, "%.1f%%", 100 * Math.pow(1 - row.p(), n)) : "–",
                        StatsSim.pct(welch, studies),
                        StatsSim.pct(fisher, studies),
                        StatsSim.pct(now, studies),
                        StatsSim.pct(eq, studies),
                        median);
            }
        }
    }

    /**
     * A/A counts with a near-zero baseline: Bernoulli(0.1) runs, conditional on the baseline having events in
     * exactly one run (drawn so): the ratio of means with Fieller's interval (before) against the engine.
     */
    static void nearZero(int studies, long seed, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%n%d A/A studies per row, Bernoulli(0.1) counts, the baseline with events in exactly one run"
                        + " (drawn conditional on it), seed %d%n%n",
                studies,
                seed);
        out.println("| runs | worse+better: Fieller's interval (before) | now |");
        out.println("|---|---:|---:|");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        Quantity count = Quantity.count(Direction.LOWER);
        for (int n : new int[] {10, 20, 30}) {
            int fieller = 0;
            int now = 0;
            for (int i = 0; i < studies; i++) {
                double[] b = new double[n];
                b[0] = 1;
                double[] c = new double[n];
                for (int j = 0; j < n; j++) {
                    c[j] = rng.nextDouble() < 0.1 ? 1 : 0;
                }
                Comparison r = Comparisons.compare(Sample.of(b), Sample.of(c), count, StatsSim.OPTIONS, Looks.FIXED);
                Verdict old = before(r, new double[][] {b, c});
                fieller += old == Verdict.WORSE || old == Verdict.BETTER ? 1 : 0;
                now += r.verdict() == Verdict.WORSE || r.verdict() == Verdict.BETTER ? 1 : 0;
            }
            out.printf(
                    Locale.ROOT,
                    "| %d | %.1f%% | %.1f%% |%n",
                    n,
                    StatsSim.pct(fieller, studies),
                    StatsSim.pct(now, studies));
        }
    }
}
