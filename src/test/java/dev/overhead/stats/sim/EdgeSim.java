package dev.overhead.stats.sim;

import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.Sample;
import dev.overhead.stats.Verdict;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * The edges of docs/statistics.md, the edges through the real engine: counts with ties (compared as counts, by their
 * kind), and two-state timing noise at 2 and 3 runs. The A/B change is the ratio of the means
 * (counts) or of the geometric means (the two-state times, rescaled), and coverage is of that.
 */
final class EdgeSim {
    private EdgeSim() {}

    interface Draw {
        double next(UniformRandomProvider rng, boolean candidate);
    }

    record Scenario(String label, Quantity quantity, Draw aa, Draw ab, double truePct) {}

    static List<Scenario> scenarios() {
        Quantity count = Quantity.count(Direction.LOWER);
        Draw bern2 = (rng, cand) -> 2 + (rng.nextDouble() < 0.2 ? 1 : 0);
        Draw bern24 = (rng, cand) -> 2 + (rng.nextDouble() < (cand ? 0.4 : 0.2) ? 1 : 0);
        Draw pois = (rng, cand) -> 10 + PoissonSampler.of(rng, 0.3).sample();
        Draw pois36 =
                (rng, cand) -> 10 + PoissonSampler.of(rng, cand ? 0.6 : 0.3).sample();
        Draw twoState = (rng, cand) -> (rng.nextBoolean() ? 1.10 : 1.0)
                * Math.exp(0.01 * ZigguratSampler.NormalizedGaussian.of(rng).sample());
        Draw twoState3 = (rng, cand) -> twoState.next(rng, cand) * (cand ? 1.03 : 1);
        return List.of(
                new Scenario("counts 2 + Bernoulli(0.2 → 0.4)", count, bern2, bern24, 100 * (2.4 / 2.2 - 1)),
                new Scenario("counts 10 + Poisson(0.3 → 0.6)", count, pois, pois36, 100 * (10.6 / 10.3 - 1)),
                new Scenario(
                        "two states 10% apart, lognormal 1%, +3%",
                        Quantity.measurement(Direction.LOWER), twoState, twoState3, 3.0));
    }

    static void run(int studies, long seed, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, confidence 0.95, threshold 1.0%%, adaptive: min 5 max 50 runs%n%n",
                studies,
                seed);
        out.println("| scenario | runs | A/A worse+better | A/A coverage | A/B equivalent | A/B coverage | A/B worse"
                + " | mean runs A/A, A/B |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        for (Scenario s : scenarios()) {
            for (int n : new int[] {2, 3, 5, 10, 30, 0}) {
                int falseV = 0;
                int aaCov = 0;
                int abEq = 0;
                int abCov = 0;
                int worse = 0;
                long runsAa = 0;
                long runsAb = 0;
                for (int i = 0; i < studies; i++) {
                    Comparison aa = study(s.quantity(), s.aa(), n, rng);
                    Comparison ab = study(s.quantity(), s.ab(), n, rng);
                    falseV += aa.verdict() == Verdict.WORSE || aa.verdict() == Verdict.BETTER ? 1 : 0;
                    aaCov += StatsSim.covers(aa, 0) ? 1 : 0;
                    abEq += ab.verdict() == Verdict.EQUIVALENT ? 1 : 0;
                    abCov += StatsSim.covers(ab, s.truePct()) ? 1 : 0;
                    worse += ab.verdict() == Verdict.WORSE ? 1 : 0;
                    runsAa += aa.nBaseline();
                    runsAb += ab.nBaseline();
                }
                out.printf(
                        Locale.ROOT,
                        "| %s | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f, %.1f |%n",
                        s.label(),
                        n == 0 ? "adaptive" : String.valueOf(n),
                        StatsSim.pct(falseV, studies),
                        StatsSim.pct(aaCov, studies),
                        StatsSim.pct(abEq, studies),
                        StatsSim.pct(abCov, studies),
                        StatsSim.pct(worse, studies),
                        (double) runsAa / studies,
                        (double) runsAb / studies);
            }
        }
    }

    /**
     * A/A studies of 8 metrics shown together (independent lognormal 3% noise, n runs): how often
     * any one is a false worse/better, alone and under Holm ({@link dev.overhead.stats.Family}).
     */
    static void family(int studies, long seed, PrintStream out) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        Quantity time = Quantity.measurement(Direction.LOWER);
        Draw noise = (r, cand) ->
                Math.exp(0.03 * ZigguratSampler.NormalizedGaussian.of(r).sample());
        out.printf(Locale.ROOT, "%n%d A/A studies per row, 8 metrics shown together, lognormal 3%%%n%n", studies);
        out.println("| runs | any false verdict, per-metric verdicts | any false verdict, Holm over the 8 |");
        out.println("|---|---:|---:|");
        for (int n : new int[] {3, 5, 10, 30}) {
            int raw = 0;
            int holm = 0;
            for (int i = 0; i < studies; i++) {
                List<Comparison> shown = new java.util.ArrayList<>();
                for (int m = 0; m < 8; m++) {
                    shown.add(study(time, noise, n, rng));
                }
                raw += shown.stream().anyMatch(EdgeSim::claim) ? 1 : 0;
                holm += dev.overhead.stats.Family.holm(shown, StatsSim.OPTIONS.confidence()).stream()
                                .anyMatch(EdgeSim::claim)
                        ? 1
                        : 0;
            }
            out.printf(
                    Locale.ROOT,
                    "| %d | %.1f%% | %.1f%% |%n",
                    n,
                    StatsSim.pct(raw, studies),
                    StatsSim.pct(holm, studies));
        }
    }

    private static boolean claim(Comparison c) {
        return c.verdict() == Verdict.WORSE || c.verdict() == Verdict.BETTER;
    }

    /** One study: fixed n, or rounds until the sequential comparison is decisive (n = 0). */
    static Comparison study(Quantity q, Draw draw, int n, UniformRandomProvider rng) {
        int max = n == 0 ? StatsSim.PLAN.maxRuns() : n;
        double[] b = new double[max];
        double[] c = new double[max];
        for (int i = 0; i < max; i++) {
            b[i] = draw.next(rng, false);
            c[i] = draw.next(rng, true);
            int k = i + 1;
            if (n == 0 && StatsSim.PLAN.isLook(k)) {
                Comparison r = Comparisons.compare(
                        Sample.of(Arrays.copyOf(b, k)),
                        Sample.of(Arrays.copyOf(c, k)),
                        q,
                        StatsSim.OPTIONS,
                        StatsSim.PLAN);
                if (r.verdict().decisive() || k == max) {
                    return r;
                }
            }
        }
        return Comparisons.compare(Sample.of(b), Sample.of(c), q, StatsSim.OPTIONS, Looks.FIXED);
    }
}
