package dev.overhead.stats.sim;

import dev.overhead.stats.ChangePoints;
import dev.overhead.stats.IntervalSteps;
import java.util.SplittableRandom;

/**
 * bench/change-points: how often each change-point method marks a step (issue 31, case 4) — asv's fit
 * on the points weighted by their intervals ({@link ChangePoints}), the studies' own intervals
 * ({@link IntervalSteps}, α = 0.01), and the two together as the history page shows them. Series of one
 * machine's studies, the change in log ratio, each study's standard error drawn from [0.7, 1.3]·se:
 * flat series of 8, 16 and 30 studies (false steps; with studies scattering as their intervals say, and
 * three times as far), and +4% → +16% over 4 + 4 and 8 + 8 studies (found at the right study).
 */
public final class ChangePointSim {
    private ChangePointSim() {}

    public static void main(String[] args) {
        int series = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 20261205L;
        System.out.printf("%d series per row, seed %d%n%n", series, seed);
        System.out.println("| series | se | scatter | asv's fit | intervals | either (history page) |");
        System.out.println("|---|---|---|---|---|---|");
        for (int n : new int[] {8, 16, 30}) {
            for (double scatter : new double[] {1, 3}) {
                row("flat, " + n + " studies: any step", n, -1, 0.02, scatter, series, seed);
            }
        }
        for (double se : new double[] {0.01, 0.02, 0.03}) {
            row("+4% → +16%, 4 + 4 studies: step at study 5", 8, 4, se, 1, series, seed);
            row("+4% → +16%, 8 + 8 studies: step at study 9", 16, 8, se, 1, series, seed);
        }
    }

    /** One row: {@code at} < 0 counts any step on a flat series, else a step found at {@code at}. */
    private static void row(String what, int n, int at, double se0, double scatter, int series, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int asv = 0;
        int intervals = 0;
        int either = 0;
        for (int t = 0; t < series; t++) {
            double[] y = new double[n];
            double[] ratio = new double[n];
            double[] se = new double[n];
            double[] w = new double[n];
            for (int i = 0; i < n; i++) {
                se[i] = se0 * (0.7 + 0.6 * r.nextDouble());
                double level = at < 0 ? Math.log(1.04) : Math.log(i < at ? 1.04 : 1.16);
                y[i] = level + gaussian(r) * se[i] * scatter;
                ratio[i] = Math.exp(y[i]);
                w[i] = 1 / (2 * 1.96 * se[i]);
            }
            boolean a = hit(ChangePoints.detect(ratio, w).steps().stream().mapToInt(ChangePoints.Step::index), at);
            boolean b = hit(IntervalSteps.detect(y, se, 0.01).stream().mapToInt(IntervalSteps.Step::index), at);
            asv += a ? 1 : 0;
            intervals += b ? 1 : 0;
            either += a || b ? 1 : 0;
        }
        System.out.printf(
                "| %s | %.0f%% | %s | %.1f%% | %.1f%% | %.1f%% |%n",
                what,
                se0 * 100,
                scatter == 1 ? "as the intervals say" : "×" + (int) scatter,
                100.0 * asv / series,
                100.0 * intervals / series,
                100.0 * either / series);
    }

    private static boolean hit(java.util.stream.IntStream indexes, int at) {
        return at < 0 ? indexes.findAny().isPresent() : indexes.anyMatch(i -> i == at);
    }

    private static double gaussian(SplittableRandom r) {
        double u = r.nextDouble();
        double v = r.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }
}
