package dev.overhead.stats;

/**
 * The looks adaptive stopping will take: one after every round from {@code minRuns} to
 * {@code maxRuns} runs per variant. {@link Comparisons#compareSequential} widens each interval so
 * that all of them together keep the promised confidence, however early the loop stops.
 */
public record SequentialPlan(int minRuns, int maxRuns) implements Looks {
    public static final SequentialPlan DEFAULT = new SequentialPlan(5, 50);

    public SequentialPlan {
        if (minRuns < 2) {
            throw new IllegalArgumentException("adaptive stopping needs at least 2 runs per variant, not " + minRuns);
        }
        if (maxRuns < minRuns) {
            throw new IllegalArgumentException(
                    "the maximum runs (" + maxRuns + ") must not be below the minimum (" + minRuns + ")");
        }
    }

    public int looks() {
        return maxRuns - minRuns + 1;
    }

    /** The confidence each look's interval is computed at, so the whole sequence has {@code confidence}. */
    @Override
    public double nominalConfidence(double confidence) {
        return looks() == 1 ? confidence : PocockBoundary.nominalConfidence(minRuns, maxRuns, confidence);
    }
}
