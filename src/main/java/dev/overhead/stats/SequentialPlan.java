package dev.overhead.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The looks adaptive stopping takes and how wide each look's interval is: looks from
 * {@code minRuns} to {@code maxRuns} runs per variant, each {@code growth} times the previous one
 * (1: after every round; 2: doubling, 5, 10, 20, 40, 50), the last at {@code maxRuns}, and a
 * {@link Boundary} that widens each look's interval so that all of them together keep the promised
 * confidence, however early the loop stops. Everything here is a function of these four settings,
 * never of what was measured, so a resumed study looks where the uninterrupted one would have.
 */
public record SequentialPlan(int minRuns, int maxRuns, double growth, Boundary boundary) implements Looks {
    /** How the error is shared out over the looks. */
    public enum Boundary {
        /** One constant for every look (Pocock 1977): cheap early looks, the widest last one. */
        POCOCK,
        /**
         * O'Brien–Fleming-like error spending (Lan and DeMets 1983): strict early, near fixed-n at
         * the last look. Measured against Pocock's (docs/statistics.md §4b) and not the default: it
         * holds verdicts back for many more runs.
         */
        OBRIEN_FLEMING;

        String label() {
            return this == POCOCK ? "Pocock" : "O'Brien-Fleming spending";
        }
    }

    /** What adaptive studies use: doubling looks, Pocock's constant (docs/statistics.md §4b). */
    public static final SequentialPlan DEFAULT = new SequentialPlan(5, 50);

    private static final NormalDistribution Z = NormalDistribution.of(0, 1);
    private static final Map<List<Object>, Double> MEMO = new ConcurrentHashMap<>();

    public SequentialPlan {
        if (minRuns < 2) {
            throw new IllegalArgumentException("adaptive stopping needs at least 2 runs per variant, not " + minRuns);
        }
        if (maxRuns < minRuns) {
            throw new IllegalArgumentException(
                    "the maximum runs (" + maxRuns + ") must not be below the minimum (" + minRuns + ")");
        }
        if (!(growth >= 1)) {
            throw new IllegalArgumentException("looks must not come closer than one round apart, not " + growth);
        }
        if (boundary == null) {
            throw new IllegalArgumentException("a sequential plan needs a boundary");
        }
    }

    /** The default design between these bounds. */
    public SequentialPlan(int minRuns, int maxRuns) {
        this(minRuns, maxRuns, 2, Boundary.POCOCK);
    }

    /** The first version's design: a look after every round, Pocock's constant. */
    public static SequentialPlan everyRound(int minRuns, int maxRuns) {
        return new SequentialPlan(minRuns, maxRuns, 1, Boundary.POCOCK);
    }

    /** The runs per variant at which the loop looks: minRuns, then each growth times the last, then maxRuns. */
    public int[] looks() {
        List<Integer> out = new ArrayList<>();
        int n = minRuns;
        out.add(n);
        while (n < maxRuns) {
            n = Math.min(maxRuns, Math.max(n + 1, (int) Math.ceil(n * growth - 1e-9)));
            out.add(n);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** True when the loop looks after this many runs per variant (and may stop there). */
    public boolean isLook(int runs) {
        return Arrays.stream(looks()).anyMatch(n -> n == runs);
    }

    /** The number of planned looks. */
    public int lookCount() {
        return looks().length;
    }

    /**
     * The level of the interval at {@code runs} runs per variant. A planned look gets its boundary;
     * a count between looks (a study ended by its time budget or interrupted) is taken as one more
     * look after the planned ones before it, which error spending allows and Pocock's constant
     * approximates; beyond {@code maxRuns} the last look's level holds.
     */
    @Override
    public double nominalConfidence(double confidence, int runs) {
        int n = Math.min(Math.max(runs, 1), maxRuns);
        if (minRuns == maxRuns) {
            return confidence;
        }
        return MEMO.computeIfAbsent(
                List.of(minRuns, maxRuns, growth, boundary, confidence, n), key -> level(confidence, n));
    }

    private double level(double confidence, int n) {
        double alpha = 1 - confidence;
        double c;
        if (boundary == Boundary.POCOCK) {
            c = PocockBoundary.constant(Arrays.stream(looks()).asDoubleStream().toArray(), alpha);
        } else {
            double[] times = Arrays.stream(looks())
                    .filter(k -> k < n)
                    .mapToDouble(k -> k)
                    .toArray();
            times = Arrays.copyOf(times, times.length + 1);
            times[times.length - 1] = n;
            double[] b = SpendingBoundary.boundaries(times, maxRuns, alpha);
            c = b[b.length - 1];
        }
        return 1 - 2 * Z.survivalProbability(c);
    }

    /** The words the method names the plan with: its boundary, looks and this look's level. */
    String describe(double nominal) {
        String at = Arrays.stream(looks()).mapToObj(String::valueOf).collect(Collectors.joining(", "));
        String looks = growth == 1 ? lookCount() + " looks" : "looks at " + at + " runs";
        String level = boundary == Boundary.POCOCK ? "each at " : "this one at ";
        return boundary.label() + " over " + looks + ", " + level + Looks.percent(nominal);
    }
}
