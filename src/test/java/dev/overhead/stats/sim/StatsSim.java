package dev.overhead.stats.sim;

import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.Sample;
import dev.overhead.stats.SequentialPlan;
import dev.overhead.stats.Verdict;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Simulated A/A and A/B studies through the real engine: false-verdict rate, coverage, power.
 * A benchmark, not a test: run it with bench/stats-sim. Arguments: [studies] [seed] [table], table
 * one of {@code all} (default), {@code shapes} (this class's table), {@code drift} ({@link DriftSim}),
 * {@code equivalence} ({@link EquivalenceSim}: `equivalent` of changes confined to some runs, all-zero baselines), {@code edges} ({@link EdgeSim}: counts with ties, two-state noise at 2 and 3 runs, 8 metrics under
 * Holm), {@code levels} ({@link LevelsSim}: builds and boots, naive against hierarchical intervals; then
 * {@link ZeroLevelsSim}, alone as {@code levels-zero}: a count 0 in every baseline run over builds), {@code estimand} ({@link EstimandSim}: both estimands on spiky noise), {@code intervals} ({@link IntervalSim}: candidate intervals for the ratio of geometric means) and {@code overall} ({@link OverallSim}: the overall row of five workloads), neither part of {@code all}.
 */
public final class StatsSim {
    static final double COST = 0.03;
    static final CompareOptions OPTIONS = CompareOptions.DEFAULT;
    static final SequentialPlan PLAN = new SequentialPlan(5, 50);
    static final Quantity TIME = Quantity.measurement(Direction.LOWER);

    /** One cell of the table: a noise shape and either a fixed n or adaptive stopping (n = 0). */
    record Cell(Noise noise, int n) {}

    record Tally(
            int studies,
            int falseVerdicts,
            int equivalent,
            int aaCovered,
            int abCovered,
            int worse,
            long runsAa,
            long runsAb) {}

    public static void main(String[] args) {
        int studies = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 20261202L;
        String table = args.length > 2 ? args[2] : "all";
        if (table.equals("all") || table.equals("shapes")) {
            run(studies, seed, System.out);
        }
        if (table.equals("all")) {
            System.out.println();
        }
        if (table.equals("all") || table.equals("drift")) {
            DriftSim.run(studies, seed, System.out);
        }
        if (table.equals("all")) {
            System.out.println();
        }
        if (table.equals("estimate")) { // docs/statistics.md §4c: the change reported at an adaptive stop
            AdaptiveSim.estimate(studies, seed, System.out);
        }
        if (table.equals("summary")) { // docs/statistics.md §3b: the summary of five workloads as one family
            AdaptiveSim.summary(studies, seed, System.out);
        }
        if (table.equals("overall")) { // docs/statistics.md §3: five workloads against one
            OverallSim.run(studies, seed, System.out);
        }
        if (table.equals("estimand")) { // docs/statistics.md, the edges's measurement, by hand only
            EstimandSim.run(studies, seed, System.out);
        }
        if (table.equals("intervals")) { // docs/statistics.md §2b: the candidate intervals, by hand only
            IntervalSim.run(studies, seed, System.out);
        }
        if (table.equals("all") || table.equals("equivalence")) { // docs/statistics.md §2c: issue 28
            EquivalenceSim.run(studies, seed, System.out);
            EquivalenceSim.zeroBaseline(studies, seed, System.out);
            EquivalenceSim.nearZero(studies, seed, System.out);
        }
        if (table.equals("all")) {
            System.out.println();
        }
        if (table.equals("all") || table.equals("edges")) {
            EdgeSim.run(studies, seed, System.out);
            EdgeSim.family(studies, seed, System.out);
        }
        if (table.equals("all")) {
            System.out.println();
        }
        if (table.equals("all") || table.equals("levels")) {
            LevelsSim.run(studies, seed, System.out);
            System.out.println();
        }
        if (table.equals("all") || table.equals("levels") || table.equals("levels-zero")) {
            ZeroLevelsSim.run(studies, seed, System.out); // §8: a baseline 0 in every run of every build
        }
        if (table.equals("all")) {
            System.out.println();
        }
        if (table.equals("all") || table.equals("looks")) {
            LooksSim.run(studies, seed, System.out);
        }
        if (table.equals("all")) {
            System.out.println();
        }
        if (table.equals("all") || table.equals("precision")) {
            LooksSim.precision(studies, seed, System.out);
        }
    }

    static void run(int studies, long seed, PrintStream out) {
        List<Noise> shapes = List.of(
                new Noise.LogNormal(0.01),
                new Noise.LogNormal(0.03),
                new Noise.LogNormal(0.05),
                new Noise.Spikes(),
                new Noise.Bimodal());
        int[] ns = {3, 5, 10, 30, 0};
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, confidence %.2f, threshold %.1f%%, A/B cost +%.0f%%,"
                        + " adaptive: min %d max %d runs%n%n",
                studies,
                seed,
                OPTIONS.confidence(),
                OPTIONS.thresholdPct(),
                COST * 100,
                PLAN.minRuns(),
                PLAN.maxRuns());
        out.println("| noise | runs | A/A worse+better | A/A coverage | A/A equivalent | A/B coverage | A/B worse"
                + " | mean runs A/A, A/B |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        for (Noise noise : shapes) {
            for (int n : ns) {
                Tally t = simulate(new Cell(noise, n), studies, rng);
                out.printf(
                        Locale.ROOT,
                        "| %s | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f, %.1f |%n",
                        noise.label(),
                        n == 0 ? "adaptive" : String.valueOf(n),
                        pct(t.falseVerdicts(), studies),
                        pct(t.aaCovered(), studies),
                        pct(t.equivalent(), studies),
                        pct(t.abCovered(), studies),
                        pct(t.worse(), studies),
                        (double) t.runsAa() / studies,
                        (double) t.runsAb() / studies);
            }
        }
    }

    static Tally simulate(Cell cell, int studies, UniformRandomProvider rng) {
        int falseVerdicts = 0;
        int equivalent = 0;
        int aaCovered = 0;
        int abCovered = 0;
        int worse = 0;
        long runsAa = 0;
        long runsAb = 0;
        for (int s = 0; s < studies; s++) {
            Comparison aa = study(cell, 0, rng);
            Verdict v = aa.verdict();
            falseVerdicts += v == Verdict.WORSE || v == Verdict.BETTER ? 1 : 0;
            equivalent += v == Verdict.EQUIVALENT ? 1 : 0;
            aaCovered += covers(aa, 0) ? 1 : 0;
            runsAa += aa.nBaseline();
            Comparison ab = study(cell, COST, rng);
            abCovered += covers(ab, COST * 100) ? 1 : 0;
            worse += ab.verdict() == Verdict.WORSE ? 1 : 0;
            runsAb += ab.nBaseline();
        }
        return new Tally(studies, falseVerdicts, equivalent, aaCovered, abCovered, worse, runsAa, runsAb);
    }

    /** One study: fixed n, or rounds until the sequential comparison is decisive. */
    static Comparison study(Cell cell, double cost, UniformRandomProvider rng) {
        int max = cell.n() == 0 ? PLAN.maxRuns() : cell.n();
        double[] b = new double[max];
        double[] c = new double[max];
        for (int i = 0; i < max; i++) {
            b[i] = cell.noise().draw(rng);
            c[i] = cell.noise().draw(rng) * (1 + cost);
            int n = i + 1;
            if (cell.n() == 0 && PLAN.isLook(n)) {
                Comparison r = Comparisons.compare(
                        Sample.of(java.util.Arrays.copyOf(b, n)),
                        Sample.of(java.util.Arrays.copyOf(c, n)),
                        TIME,
                        OPTIONS,
                        PLAN);
                if (r.verdict().decisive() || n == max) {
                    return r;
                }
            }
        }
        return Comparisons.compare(Sample.of(b), Sample.of(c), TIME, OPTIONS, Looks.FIXED);
    }

    static boolean covers(Comparison c, double truePct) {
        return c.ciLowPct() <= truePct && truePct <= c.ciHighPct();
    }

    static double pct(int count, int of) {
        return 100.0 * count / of;
    }
}
