package dev.overhead.stats.sim;

import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Sample;
import dev.overhead.stats.Verdict;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Unpaired against paired-by-round comparisons on studies run in rounds, with drift of the
 * machine's speed shared by the variants of a round, and without. Both methods see the same
 * simulated studies (common random numbers), so their difference is the method's, not the draw's.
 */
final class DriftSim {
    static final List<Drift> SHAPES = List.of(
            new Drift("no drift: lognormal 3%", 0, 0, 1, 0, new Noise.LogNormal(0.03)),
            new Drift("no drift: spikes", 0, 0, 1, 0, new Noise.Spikes()),
            new Drift("random walk 0.5%/run + lognormal 1%", 0.005, 0, 1, 0, new Noise.LogNormal(0.01)),
            new Drift("sine ±3%, 40 runs + lognormal 1%", 0, 0.03, 40, 0, new Noise.LogNormal(0.01)),
            new Drift("per-round 3% + lognormal 1%", 0, 0, 1, 0.03, new Noise.LogNormal(0.01)),
            new Drift("random walk 0.5%/run + spikes", 0.005, 0, 1, 0, new Noise.Spikes()));
    static final int[] NS = {5, 6, 10, 30, 0};

    private DriftSim() {}

    /** A method under test: unpaired ignores the rounds. */
    enum Pairing {
        UNPAIRED,
        PAIRED;

        Comparison fixed(double[] b, double[] c, int[] rounds) {
            return compare(b, c, rounds, Looks.FIXED);
        }

        Comparison sequential(double[] b, double[] c, int[] rounds) {
            return compare(b, c, rounds, StatsSim.PLAN);
        }

        private Comparison compare(double[] b, double[] c, int[] rounds, Looks looks) {
            Sample bs = this == PAIRED ? new Sample(b, rounds) : Sample.of(b);
            Sample cs = this == PAIRED ? new Sample(c, rounds) : Sample.of(c);
            return Comparisons.compare(bs, cs, StatsSim.TIME, StatsSim.OPTIONS, looks);
        }
    }

    static void run(int studies, long seed, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, rounds of 2 runs in random order, A/B cost +%.0f%%,"
                        + " adaptive: min %d max %d runs%n%n",
                studies,
                seed,
                StatsSim.COST * 100,
                StatsSim.PLAN.minRuns(),
                StatsSim.PLAN.maxRuns());
        out.println("| drift and noise | runs | method | A/A worse+better | A/A coverage | A/B coverage | A/B worse"
                + " | mean interval width A/B | mean runs A/A, A/B |");
        out.println("|---|---|---|---:|---:|---:|---:|---:|---:|");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        for (Drift shape : SHAPES) {
            for (int n : NS) {
                int rounds = n == 0 ? StatsSim.PLAN.maxRuns() : n;
                Tally[] t = {new Tally(), new Tally()};
                for (int s = 0; s < studies; s++) {
                    double[][] aa = shape.draw(rounds, 0, rng);
                    double[][] ab = shape.draw(rounds, StatsSim.COST, rng);
                    for (Pairing p : Pairing.values()) {
                        t[p.ordinal()].add(study(p, n, aa), study(p, n, ab));
                    }
                }
                for (Pairing p : Pairing.values()) {
                    Tally x = t[p.ordinal()];
                    out.printf(
                            Locale.ROOT,
                            "| %s | %s | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.2f%% | %.1f, %.1f |%n",
                            shape.label(),
                            n == 0 ? "adaptive" : String.valueOf(n),
                            p.name().toLowerCase(Locale.ROOT),
                            StatsSim.pct(x.falseVerdicts, studies),
                            StatsSim.pct(x.aaCovered, studies),
                            StatsSim.pct(x.abCovered, studies),
                            StatsSim.pct(x.worse, studies),
                            x.width / studies,
                            (double) x.runsAa / studies,
                            (double) x.runsAb / studies);
                }
            }
        }
    }

    /** One study over the drawn rounds: all of them (fixed n), or rounds until decisive (n = 0). */
    static Comparison study(Pairing p, int n, double[][] data) {
        double[] b = data[0];
        double[] c = data[1];
        int[] rounds = IntStream.range(0, b.length).toArray();
        if (n != 0) {
            return p.fixed(b, c, rounds);
        }
        for (int k : StatsSim.PLAN.looks()) {
            Comparison r = p.sequential(Arrays.copyOf(b, k), Arrays.copyOf(c, k), Arrays.copyOf(rounds, k));
            if (r.verdict().decisive() || k == b.length) {
                return r;
            }
        }
        throw new AssertionError("the last look is the plan's maximum");
    }

    static final class Tally {
        int falseVerdicts;
        int aaCovered;
        int abCovered;
        int worse;
        double width;
        long runsAa;
        long runsAb;

        void add(Comparison aa, Comparison ab) {
            falseVerdicts += aa.verdict() == Verdict.WORSE || aa.verdict() == Verdict.BETTER ? 1 : 0;
            aaCovered += StatsSim.covers(aa, 0) ? 1 : 0;
            abCovered += StatsSim.covers(ab, StatsSim.COST * 100) ? 1 : 0;
            worse += ab.verdict() == Verdict.WORSE ? 1 : 0;
            width += ab.ciHighPct() - ab.ciLowPct();
            runsAa += aa.nBaseline();
            runsAb += ab.nBaseline();
        }
    }
}
