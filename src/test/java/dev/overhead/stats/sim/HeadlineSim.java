package dev.overhead.stats.sim;

import dev.overhead.model.ComparisonRow;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Comparisons;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Quantity;
import dev.overhead.stats.Sample;
import dev.overhead.stats.Verdict;
import dev.overhead.verdicts.Highlights;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * How often an A/A study (identical variants) puts a false {@code worse} or {@code better} in its
 * headline, with eight metrics per study: the old rule (the primary, then the two largest decisive
 * changes), Holm over the metrics alone, and the report's rule ({@link Highlights#secondaries}: only
 * when the primary is itself worse or better, then Holm). A benchmark, not a test: run it with bench/headline-sim [STUDIES [SEED]].
 */
public final class HeadlineSim {
    static final int METRICS = 8;

    public static void main(String[] args) {
        int studies = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 20261203L;
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        Noise noise = new Noise.LogNormal(0.03);
        System.out.printf(
                Locale.ROOT,
                "A/A studies with a false worse/better in the headline (%d studies per row, %d metrics, lognormal 3%%)%n%n",
                studies,
                METRICS);
        System.out.println(
                "| runs | any metric decisive | old headline | primary alone | primary + Holm | report (gate + Holm) |");
        System.out.println("|---:|---:|---:|---:|---:|---:|");
        for (int n : new int[] {5, 10, 30}) {
            int anyFalse = 0;
            int oldRule = 0;
            int primaryOnly = 0;
            int holmRule = 0;
            int holmAlone = 0;
            for (int s = 0; s < studies; s++) {
                List<ComparisonRow> rows = new ArrayList<>();
                for (int m = 0; m < METRICS; m++) {
                    double[] a = sample(rng, noise, n);
                    double[] b = sample(rng, noise, n);
                    Comparison c = Comparisons.compare(
                            Sample.of(a),
                            Sample.of(b),
                            Quantity.measurement(Direction.LOWER),
                            CompareOptions.DEFAULT,
                            Looks.FIXED);
                    rows.add(new ComparisonRow("w", m == 0 ? "wall" : "m" + m, "s", "a", "b", c));
                }
                ComparisonRow primary = rows.getFirst();
                boolean primaryFalse = directional(primary);
                List<ComparisonRow> others = rows.subList(1, rows.size());
                boolean oldFalse = primaryFalse
                        || others.stream()
                                .filter(HeadlineSim::directional)
                                .sorted(Comparator.comparingDouble((ComparisonRow r) ->
                                        -Math.abs(r.comparison().changePct())))
                                .limit(2)
                                .findAny()
                                .isPresent();
                boolean holmOnly = primaryFalse
                        || Highlights.survivingHolm(rows, 0.95).stream().anyMatch(r -> r != primary);
                boolean holmFalse = primaryFalse
                        || !Highlights.secondaries(primary, rows, 0.95).isEmpty();
                anyFalse += rows.stream().anyMatch(HeadlineSim::directional) ? 1 : 0;
                oldRule += oldFalse ? 1 : 0;
                primaryOnly += primaryFalse ? 1 : 0;
                holmRule += holmFalse ? 1 : 0;
                holmAlone += holmOnly ? 1 : 0;
            }
            System.out.printf(
                    Locale.ROOT,
                    "| %d | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% |%n",
                    n,
                    100.0 * anyFalse / studies,
                    100.0 * oldRule / studies,
                    100.0 * primaryOnly / studies,
                    100.0 * holmAlone / studies,
                    100.0 * holmRule / studies);
        }
    }

    private static boolean directional(ComparisonRow r) {
        Verdict v = r.comparison().verdict();
        return v == Verdict.WORSE || v == Verdict.BETTER;
    }

    private static double[] sample(UniformRandomProvider rng, Noise noise, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = noise.draw(rng);
        }
        return x;
    }
}
