package dev.overhead.stats.sim;

import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Estimand;
import dev.overhead.stats.GeoMean;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.Sample;
import dev.overhead.stats.SequentialPlan;
import dev.overhead.stats.Verdict;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Issue 13.4 (docs/statistics.md §3; a benchmark, not a test): the overall row ("all workloads
 * (geometric mean)") over five workloads with spiky noise, against one workload alone, through the
 * real engine. A/B: every workload +3% in every run. "before" is the first version: rows by the
 * rank shift from 10 runs, the overall row by Welch on the log values of all 2W samples. Adaptive:
 * the run loop's rule — look at the plan's looks, stop when every workload's row is decisive or at
 * 50 runs — and the overall row judged at the per-look level of its fewest runs.
 */
final class OverallSim {
    static final int WORKLOADS = 5;
    static final SequentialPlan PLAN = new SequentialPlan(5, 50);
    static final Quantity TIME = Quantity.measurement(Direction.LOWER);
    static final Noise NOISE = new Noise.Spikes();

    private OverallSim() {}

    /** The engine of a version: the rows' options, and whether the overall row is the first version's. */
    record Version(String label, Estimand estimand, boolean before) {}

    record Study(Comparison first, Comparison overall, int runs) {}

    static void run(int studies, long seed, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, %d workloads, noise %s, confidence 0.95, threshold 1.0%%,"
                        + " A/B +3%% in every workload, adaptive: min %d max %d runs%n%n",
                studies,
                seed,
                WORKLOADS,
                NOISE.label(),
                PLAN.minRuns(),
                PLAN.maxRuns());
        out.println("| runs | rows, overall row | one workload: A/B worse | overall: A/A worse+better"
                + " | A/A coverage | A/B coverage | A/B worse | mean runs A/A, A/B |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        List<Version> versions = List.of(
                new Version("before: rank shift from 10 runs, Welch over all samples", Estimand.TYPICAL, true),
                new Version("geomean (default): Welch t rows, the rows combined", Estimand.GEOMEAN, false),
                new Version("typical: Hodges-Lehmann rows, the rows combined", Estimand.TYPICAL, false));
        for (int n : new int[] {10, 30, 0}) {
            for (Version v : versions) {
                if (v.before() && n == 0) {
                    continue; // the first version's adaptive rows mixed Welch and rank by look: not this table's
                    // question
                }
                UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed + n);
                int aaFalse = 0, aaCovered = 0, abCovered = 0, abWorse = 0, firstWorse = 0;
                long runsAa = 0, runsAb = 0;
                double truth = Math.log1p(0.03);
                for (int s = 0; s < studies; s++) {
                    Study aa = study(v, n, 0, rng);
                    Verdict va = aa.overall().verdict();
                    aaFalse += va == Verdict.WORSE || va == Verdict.BETTER ? 1 : 0;
                    aaCovered += covers(aa.overall(), 0) ? 1 : 0;
                    runsAa += aa.runs();
                    Study ab = study(v, n, truth, rng);
                    abCovered += covers(ab.overall(), 3) ? 1 : 0;
                    abWorse += ab.overall().verdict() == Verdict.WORSE ? 1 : 0;
                    firstWorse += ab.first().verdict() == Verdict.WORSE ? 1 : 0;
                    runsAb += ab.runs();
                }
                out.printf(
                        Locale.ROOT,
                        "| %s | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f, %.1f |%n",
                        n == 0 ? "adaptive" : String.valueOf(n),
                        v.label(),
                        100.0 * firstWorse / studies,
                        100.0 * aaFalse / studies,
                        100.0 * aaCovered / studies,
                        100.0 * abCovered / studies,
                        100.0 * abWorse / studies,
                        (double) runsAa / studies,
                        (double) runsAb / studies);
            }
        }
    }

    static boolean covers(Comparison c, double pct) {
        return c.ciLowPct() <= pct && pct <= c.ciHighPct();
    }

    /** One study of five workloads: fixed n, or (n = 0) rounds until every row is decisive at a look. */
    static Study study(Version v, int n, double logShift, UniformRandomProvider rng) {
        int max = n == 0 ? PLAN.maxRuns() : n;
        double[][] b = new double[WORKLOADS][max];
        double[][] c = new double[WORKLOADS][max];
        CompareOptions options = new CompareOptions(0.95, 1.0, v.estimand());
        for (int i = 0; i < max; i++) {
            for (int w = 0; w < WORKLOADS; w++) {
                b[w][i] = NOISE.draw(rng);
                c[w][i] = NOISE.draw(rng) * Math.exp(logShift);
            }
            int k = i + 1;
            if (n == 0 && PLAN.isLook(k)) {
                List<Comparison> rows = new ArrayList<>();
                for (int w = 0; w < WORKLOADS; w++) {
                    rows.add(Comparisons.compare(
                            Sample.of(Arrays.copyOf(b[w], k)), Sample.of(Arrays.copyOf(c[w], k)), TIME, options, PLAN));
                }
                if (rows.stream().allMatch(r -> r.verdict().decisive()) || k == max) {
                    return new Study(rows.getFirst(), overall(v, b, c, k, PLAN.perLook(options, k)), k);
                }
            }
        }
        Comparison first = Comparisons.compare(Sample.of(b[0]), Sample.of(c[0]), TIME, options, Looks.FIXED);
        return new Study(first, overall(v, b, c, max, options), max);
    }

    static Comparison overall(Version v, double[][] b, double[][] c, int k, CompareOptions options) {
        List<double[]> bs = new ArrayList<>();
        List<double[]> cs = new ArrayList<>();
        for (int w = 0; w < WORKLOADS; w++) {
            bs.add(Arrays.copyOf(b[w], k));
            cs.add(Arrays.copyOf(c[w], k));
        }
        if (v.before()) {
            return GeoMean.compare(bs, cs, Direction.LOWER, options); // Welch over all 2W samples
        }
        return GeoMean.compare(
                bs.stream().map(Sample::of).toList(),
                cs.stream().map(Sample::of).toList(),
                TIME,
                options);
    }
}
