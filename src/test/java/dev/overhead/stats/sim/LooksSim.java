package dev.overhead.stats.sim;

import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Sample;
import dev.overhead.stats.SequentialPlan;
import dev.overhead.stats.SequentialPlan.Boundary;
import dev.overhead.stats.Verdict;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * What looking costs (issue 13.5): adaptive studies under several looks schedules and boundaries,
 * on the same simulated studies (common random numbers), so the differences are the designs'.
 * The loop looks only at the plan's looks and stops there when the verdict is decisive — and, with
 * a precision, when the interval is also at most ±precision wide — or at the last look. "width /
 * fixed n" is the final interval's width over the width of the fixed-n 95% interval on the same
 * runs: what the looks cost the interval a study ends with.
 */
final class LooksSim {
    static final List<Design> DESIGNS = List.of(
            new Design("every round, Pocock (the first version)", SequentialPlan.everyRound(5, 50)),
            new Design("every round, O'Brien-Fleming", new SequentialPlan(5, 50, 1, Boundary.OBRIEN_FLEMING)),
            new Design("×1.5 (5, 8, 12, 18, 27, 41, 50), Pocock", new SequentialPlan(5, 50, 1.5, Boundary.POCOCK)),
            new Design(
                    "×1.5 (5, 8, 12, 18, 27, 41, 50), O'Brien-Fleming",
                    new SequentialPlan(5, 50, 1.5, Boundary.OBRIEN_FLEMING)),
            new Design("doubling (5, 10, 20, 40, 50), Pocock", new SequentialPlan(5, 50, 2, Boundary.POCOCK)),
            new Design(
                    "doubling (5, 10, 20, 40, 50), O'Brien-Fleming",
                    new SequentialPlan(5, 50, 2, Boundary.OBRIEN_FLEMING)));
    static final List<Noise> SHAPES = List.of(new Noise.LogNormal(0.01), new Noise.LogNormal(0.03), new Noise.Spikes());

    private LooksSim() {}

    record Design(String label, SequentialPlan plan) {}

    static void run(int studies, long seed, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, confidence 0.95, threshold 1.0%%, A/B cost +%.0f%%, 5 to 50 runs%n%n",
                studies,
                seed,
                StatsSim.COST * 100);
        out.println("| noise | looks, boundary | A/A worse+better | A/A coverage | A/A equivalent | A/B coverage"
                + " | A/B worse | mean runs A/A, A/B | A/B width | A/B width / fixed n |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        for (Noise noise : SHAPES) {
            Tally[] t = new Tally[DESIGNS.size()];
            Arrays.setAll(t, i -> new Tally());
            for (int s = 0; s < studies; s++) {
                double[][] aa = draw(noise, 0, rng);
                double[][] ab = draw(noise, StatsSim.COST, rng);
                for (int d = 0; d < DESIGNS.size(); d++) {
                    SequentialPlan plan = DESIGNS.get(d).plan();
                    t[d].add(study(plan, aa, Double.NaN), study(plan, ab, Double.NaN), aa, ab);
                }
            }
            for (int d = 0; d < DESIGNS.size(); d++) {
                t[d].print(out, noise.label(), DESIGNS.get(d).label(), studies);
            }
        }
    }

    /**
     * --precision (issue 16): the same studies stopped when decisive, and when decisive and at most
     * ±P wide, for the first version's design and the default.
     */
    static void precision(int studies, long seed, PrintStream out) {
        double[] precisions = {Double.NaN, 2, 1};
        List<Design> designs = List.of(DESIGNS.getFirst(), DESIGNS.get(4), DESIGNS.getLast());
        if (!designs.get(1).plan().equals(SequentialPlan.DEFAULT)) {
            throw new AssertionError("the second design is the default");
        }
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, confidence 0.95, threshold 1.0%%, A/B cost +%.0f%%, 5 to 50 runs%n%n",
                studies,
                seed,
                StatsSim.COST * 100);
        out.println("| noise | looks, boundary | precision | A/A worse+better | A/A coverage | A/B coverage"
                + " | A/B worse | mean runs A/A, A/B | A/B half-width | A/B within ±precision |");
        out.println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        for (Noise noise : SHAPES) {
            Tally[][] t = new Tally[designs.size()][precisions.length];
            for (Tally[] row : t) {
                Arrays.setAll(row, i -> new Tally());
            }
            for (int s = 0; s < studies; s++) {
                double[][] aa = draw(noise, 0, rng);
                double[][] ab = draw(noise, StatsSim.COST, rng);
                for (int d = 0; d < designs.size(); d++) {
                    for (int p = 0; p < precisions.length; p++) {
                        SequentialPlan plan = designs.get(d).plan();
                        Comparison last = study(plan, ab, precisions[p]);
                        t[d][p].add(study(plan, aa, precisions[p]), last, aa, ab);
                        t[d][p].precise += halfWidth(last) <= precisions[p] ? 1 : 0;
                    }
                }
            }
            for (int d = 0; d < designs.size(); d++) {
                for (int p = 0; p < precisions.length; p++) {
                    Tally x = t[d][p];
                    out.printf(
                            Locale.ROOT,
                            "| %s | %s | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f, %.1f | ±%.2f%% | %s |%n",
                            noise.label(),
                            designs.get(d).label(),
                            Double.isNaN(precisions[p]) ? "none" : String.format(Locale.ROOT, "±%.0f%%", precisions[p]),
                            StatsSim.pct(x.falseVerdicts, studies),
                            StatsSim.pct(x.aaCovered, studies),
                            StatsSim.pct(x.abCovered, studies),
                            StatsSim.pct(x.worse, studies),
                            (double) x.runsAa / studies,
                            (double) x.runsAb / studies,
                            x.width / studies / 2,
                            Double.isNaN(precisions[p])
                                    ? ""
                                    : String.format(Locale.ROOT, "%.1f%%", StatsSim.pct(x.precise, studies)));
                }
            }
        }
    }

    static double[][] draw(Noise noise, double cost, UniformRandomProvider rng) {
        int max = 50;
        double[] b = new double[max];
        double[] c = new double[max];
        for (int i = 0; i < max; i++) {
            b[i] = noise.draw(rng);
            c[i] = noise.draw(rng) * (1 + cost);
        }
        return new double[][] {b, c};
    }

    /** The loop of run.WorkloadLoop: look at the plan's looks, stop when settled or at the last. */
    static Comparison study(SequentialPlan plan, double[][] data, double precisionPct) {
        for (int n : plan.looks()) {
            Comparison r = compare(data, n, plan);
            boolean precise = Double.isNaN(precisionPct) || halfWidth(r) <= precisionPct;
            if ((r.verdict().decisive() && precise) || n == plan.maxRuns()) {
                return r;
            }
        }
        throw new AssertionError("the last look is the plan's maximum");
    }

    static double halfWidth(Comparison c) {
        return (c.ciHighPct() - c.ciLowPct()) / 2;
    }

    static Comparison compare(double[][] data, int n, Looks looks) {
        return Comparisons.compare(
                Sample.of(Arrays.copyOf(data[0], n)),
                Sample.of(Arrays.copyOf(data[1], n)),
                StatsSim.TIME,
                StatsSim.OPTIONS,
                looks);
    }

    static final class Tally {
        int falseVerdicts;
        int equivalent;
        int aaCovered;
        int abCovered;
        int worse;
        int precise;
        double width;
        double widthRatio;
        long runsAa;
        long runsAb;

        void add(Comparison aa, Comparison ab, double[][] aaData, double[][] abData) {
            falseVerdicts += aa.verdict() == Verdict.WORSE || aa.verdict() == Verdict.BETTER ? 1 : 0;
            equivalent += aa.verdict() == Verdict.EQUIVALENT ? 1 : 0;
            aaCovered += StatsSim.covers(aa, 0) ? 1 : 0;
            abCovered += StatsSim.covers(ab, StatsSim.COST * 100) ? 1 : 0;
            worse += ab.verdict() == Verdict.WORSE ? 1 : 0;
            double w = ab.ciHighPct() - ab.ciLowPct();
            Comparison fixed = compare(abData, ab.nBaseline(), Looks.FIXED);
            width += w;
            widthRatio += w / (fixed.ciHighPct() - fixed.ciLowPct());
            runsAa += aa.nBaseline();
            runsAb += ab.nBaseline();
        }

        void print(PrintStream out, String noise, String design, int studies) {
            out.printf(
                    Locale.ROOT,
                    "| %s | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f, %.1f | %.2f%% | %.2f |%n",
                    noise,
                    design,
                    StatsSim.pct(falseVerdicts, studies),
                    StatsSim.pct(aaCovered, studies),
                    StatsSim.pct(equivalent, studies),
                    StatsSim.pct(abCovered, studies),
                    StatsSim.pct(worse, studies),
                    (double) runsAa / studies,
                    (double) runsAb / studies,
                    width / studies,
                    widthRatio / studies);
        }
    }
}
