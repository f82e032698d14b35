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
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Two-level noise (docs/statistics.md, levels): each build or boot of a variant shifts all its runs
 * by a lognormal factor of σ_u, and each run adds lognormal σ_r. Through the real engine: the naive
 * interval (every run as an independent sample, {@link Comparisons}), the hierarchical one
 * ({@link Hierarchical}: Welch over per-unit mean logs), and, for the choice between them, a
 * two-level bootstrap (resample units, then runs within each; percentile interval of the difference
 * of the mean unit means of logs), written here since it is not the engine's.
 */
final class LevelsSim {
    private LevelsSim() {}

    static final int RUNS_PER_UNIT = 10;
    static final int RESAMPLES = 400;
    static final double COST = 1.03;

    record Shape(double sigmaUnit, double sigmaRun) {
        String label() {
            return String.format(Locale.ROOT, "σ_u %.0f%%, σ_r %.0f%%", sigmaUnit * 100, sigmaRun * 100);
        }
    }

    static void run(int studies, long seed, PrintStream out) {
        List<Shape> shapes =
                List.of(new Shape(0, 0.02), new Shape(0.01, 0.02), new Shape(0.03, 0.01), new Shape(0.05, 0.02));
        int[] units = {1, 2, 4, 8};
        CompareOptions options = new CompareOptions(0.95, 1.0);
        Quantity q = Quantity.measurement(Direction.LOWER);
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, %d runs per unit, confidence 0.95, threshold 1.0%%, A/B cost +3%%,"
                        + " bootstrap %d resamples%n%n",
                studies,
                seed,
                RUNS_PER_UNIT,
                RESAMPLES);
        out.println("| noise | units per variant | naive: A/A worse+better | naive: coverage | hierarchical: A/A"
                + " worse+better | hierarchical: coverage | two-level bootstrap: coverage | hierarchical: A/B worse"
                + " | mean between-unit share |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        for (Shape shape : shapes) {
            for (int k : units) {
                int naiveFalse = 0;
                int hierFalse = 0;
                int naiveCover = 0;
                int hierCover = 0;
                int bootCover = 0;
                int hierWorse = 0;
                double shareSum = 0;
                int shareN = 0;
                for (int i = 0; i < studies; i++) {
                    for (boolean ab : new boolean[] {false, true}) {
                        double truth = ab ? (COST - 1) * 100 : 0;
                        List<double[]> b = variant(rng, shape, k, 1);
                        List<double[]> c = variant(rng, shape, k, ab ? COST : 1);
                        Comparison naive = Comparisons.compare(flat(b), flat(c), q, options, Looks.FIXED);
                        Comparison hier = Hierarchical.compare(b, c, naive, q, options, "builds", Map.of("build", k));
                        double[] boot = bootstrap(rng, b, c, 0.95);
                        // coverage over A/A and A/B studies together (both halves are counted)
                        naiveCover += covers(naive.ciLowPct(), naive.ciHighPct(), truth);
                        hierCover += covers(hier.ciLowPct(), hier.ciHighPct(), truth);
                        bootCover += covers(boot[0], boot[1], truth);
                        if (!ab) {
                            naiveFalse += decisive(naive);
                            hierFalse += decisive(hier);
                            if (Double.isFinite(hier.design().betweenShare())) {
                                shareSum += hier.design().betweenShare();
                                shareN++;
                            }
                        } else if (hier.verdict() == Verdict.WORSE) {
                            hierWorse++;
                        }
                    }
                }
                out.printf(
                        Locale.ROOT,
                        "| %s | %d | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %s |%n",
                        shape.label(),
                        k,
                        pct(naiveFalse, studies),
                        pct(naiveCover, 2 * studies),
                        pct(hierFalse, studies),
                        pct(hierCover, 2 * studies),
                        pct(bootCover, 2 * studies),
                        pct(hierWorse, studies),
                        shareN == 0 ? "–" : String.format(Locale.ROOT, "%.0f%%", 100 * shareSum / shareN));
            }
        }
    }

    private static List<double[]> variant(UniformRandomProvider rng, Shape s, int k, double cost) {
        List<double[]> units = new ArrayList<>();
        var normal = ZigguratSampler.NormalizedGaussian.of(rng);
        for (int u = 0; u < k; u++) {
            double level = cost * Math.exp(s.sigmaUnit() * normal.sample());
            double[] runs = new double[RUNS_PER_UNIT];
            for (int r = 0; r < runs.length; r++) {
                runs[r] = level * Math.exp(s.sigmaRun() * normal.sample());
            }
            units.add(runs);
        }
        return units;
    }

    /** Percentile interval (in percent) of the two-level bootstrap: units with replacement, then runs in each. */
    static double[] bootstrap(UniformRandomProvider rng, List<double[]> b, List<double[]> c, double confidence) {
        double[] d = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            d[i] = resampledMean(rng, c) - resampledMean(rng, b);
        }
        Arrays.sort(d);
        double alpha = (1 - confidence) / 2;
        double low = d[(int) Math.floor(alpha * (RESAMPLES - 1))];
        double high = d[(int) Math.ceil((1 - alpha) * (RESAMPLES - 1))];
        return new double[] {Math.expm1(low) * 100, Math.expm1(high) * 100};
    }

    private static double resampledMean(UniformRandomProvider rng, List<double[]> units) {
        double sum = 0;
        for (int u = 0; u < units.size(); u++) {
            double[] unit = units.get(rng.nextInt(units.size()));
            double s = 0;
            for (int r = 0; r < unit.length; r++) {
                s += Math.log(unit[rng.nextInt(unit.length)]);
            }
            sum += s / unit.length;
        }
        return sum / units.size();
    }

    private static Sample flat(List<double[]> units) {
        return Sample.of(units.stream().flatMapToDouble(Arrays::stream).toArray());
    }

    private static int covers(double low, double high, double truth) {
        return low <= truth && truth <= high ? 1 : 0;
    }

    private static int decisive(Comparison c) {
        return c.verdict() == Verdict.WORSE || c.verdict() == Verdict.BETTER ? 1 : 0;
    }

    private static double pct(int count, int of) {
        return 100.0 * count / of;
    }
}
