package dev.overhead.stats.sim;

import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Hierarchical;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.Sample;
import dev.overhead.stats.Verdict;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * The levels simulation's edge (docs/statistics.md §8): a count whose baseline is 0 in every run of
 * every build (major faults, blocks read), 3 builds of 5 runs a variant. Each build draws its rate of
 * events, the runs are Poisson at that rate; the build's rate is where the between-build variance is.
 * A/A: both variants draw builds alike, and only the studies whose baseline came out 0 in every run
 * are kept (those are the ones this method judges; the truth is still a difference of 0). A/B: the
 * baseline never has the event, the candidate draws builds at {@link #AB_SCALE} times those rates (so
 * that not most candidates are 0 too); the truth is the candidate's mean rate. "runs" is the run-level difference that a study over builds fell back to before,
 * "over builds" {@link Hierarchical}'s difference of the build means.
 */
final class ZeroLevelsSim {
    private ZeroLevelsSim() {}

    static final int BUILDS = 3;
    static final int RUNS_PER_BUILD = 5;
    static final double AB_SCALE = 10;

    /** How a build draws its rate of events per run, and the mean of that rate (the A/B truth). */
    record Shape(String label, double meanRate, RateOf rate) {}

    interface RateOf {
        double draw(UniformRandomProvider rng, DoubleSupplier normal);
    }

    static void run(int studies, long seed, PrintStream out) {
        double sigma = 1.0;
        List<Shape> shapes = List.of(
                new Shape("rate 0.1 in every build", 0.1, (rng, z) -> 0.1),
                new Shape(
                        "rate 0.1·e^(σ_u·Z), σ_u = 1",
                        0.1 * Math.exp(sigma * sigma / 2),
                        (rng, z) -> 0.1 * Math.exp(sigma * z.getAsDouble())),
                new Shape("rate 1 in one build of five, else 0", 0.2, (rng, z) -> rng.nextDouble() < 0.2 ? 1 : 0));
        CompareOptions options = new CompareOptions(0.95, 1.0);
        Quantity q = Quantity.count(Direction.LOWER);
        out.printf(
                Locale.ROOT,
                "%d studies per row and half, seed %d, %d builds of %d runs per variant, confidence 0.95; counts"
                        + " Poisson at each build's rate%n%n",
                studies,
                seed,
                BUILDS,
                RUNS_PER_BUILD);
        out.println(
                "| rate per build (A/A; A/B: ×10) | A/A studies with an all-zero baseline | runs: A/A worse+better |"
                        + " runs: A/A coverage | over builds: A/A worse+better | over builds: A/A coverage | runs: A/B"
                        + " coverage | over builds: A/B coverage | runs: A/B worse | over builds: A/B worse |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        var gauss = ZigguratSampler.NormalizedGaussian.of(rng);
        DoubleSupplier normal = gauss::sample;
        for (Shape shape : shapes) {
            int[] aa = new int[4]; // runs false, runs cover, builds false, builds cover
            long drawn = 0;
            int kept = 0;
            while (kept < studies) {
                drawn++;
                List<double[]> b = variant(rng, normal, shape);
                if (!allZero(b)) {
                    continue;
                }
                kept++;
                List<double[]> c = variant(rng, normal, shape);
                Comparison[] both = compare(b, c, q, options);
                for (int m = 0; m < 2; m++) {
                    aa[2 * m] += decisive(both[m]);
                    aa[2 * m + 1] += covers(both[m], 0);
                }
            }
            int[] ab = new int[4]; // runs cover, builds cover, runs worse, builds worse
            for (int i = 0; i < studies; i++) {
                List<double[]> b = new ArrayList<>();
                for (int u = 0; u < BUILDS; u++) {
                    b.add(new double[RUNS_PER_BUILD]);
                }
                Comparison[] both = compare(b, variant(rng, normal, shape, AB_SCALE), q, options);
                ab[0] += covers(both[0], AB_SCALE * shape.meanRate());
                ab[1] += covers(both[1], AB_SCALE * shape.meanRate());
                ab[2] += both[0].verdict() == Verdict.WORSE ? 1 : 0;
                ab[3] += both[1].verdict() == Verdict.WORSE ? 1 : 0;
            }
            out.printf(
                    Locale.ROOT,
                    "| %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% |%n",
                    shape.label(),
                    100.0 * studies / drawn,
                    pct(aa[0], studies),
                    pct(aa[1], studies),
                    pct(aa[2], studies),
                    pct(aa[3], studies),
                    pct(ab[0], studies),
                    pct(ab[1], studies),
                    pct(ab[2], studies),
                    pct(ab[3], studies));
        }
    }

    /** The run-level comparison and the one over builds, as the analysis makes them. */
    private static Comparison[] compare(List<double[]> b, List<double[]> c, Quantity q, CompareOptions options) {
        Comparison runs = Comparisons.compare(flat(b), flat(c), q, options, Looks.FIXED);
        Comparison builds = Hierarchical.compare(b, c, runs, q, options, "builds", Map.of("build", BUILDS));
        if (runs.difference() == null || builds.difference() == null) {
            throw new IllegalStateException("an all-zero baseline without a difference: " + runs.method());
        }
        return new Comparison[] {runs, builds};
    }

    private static List<double[]> variant(UniformRandomProvider rng, DoubleSupplier normal, Shape s) {
        return variant(rng, normal, s, 1);
    }

    private static List<double[]> variant(UniformRandomProvider rng, DoubleSupplier normal, Shape s, double scale) {
        List<double[]> builds = new ArrayList<>();
        for (int u = 0; u < BUILDS; u++) {
            double rate = scale * s.rate().draw(rng, normal);
            double[] runs = new double[RUNS_PER_BUILD];
            if (rate > 0) {
                var events = PoissonSampler.of(rng, rate);
                for (int r = 0; r < runs.length; r++) {
                    runs[r] = events.sample();
                }
            }
            builds.add(runs);
        }
        return builds;
    }

    private static boolean allZero(List<double[]> builds) {
        return builds.stream().flatMapToDouble(Arrays::stream).allMatch(x -> x == 0);
    }

    private static Sample flat(List<double[]> builds) {
        return Sample.of(builds.stream().flatMapToDouble(Arrays::stream).toArray());
    }

    private static int covers(Comparison c, double truth) {
        Comparison.Difference d = c.difference();
        return d.low() <= truth && truth <= d.high() ? 1 : 0;
    }

    private static int decisive(Comparison c) {
        return c.verdict() == Verdict.WORSE || c.verdict() == Verdict.BETTER ? 1 : 0;
    }

    private static double pct(int count, int of) {
        return 100.0 * count / of;
    }
}
