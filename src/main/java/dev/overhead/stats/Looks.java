package dev.overhead.stats;

/**
 * How often the data are looked at before the verdict: once, after a fixed number of runs, or after
 * every round of a {@link SequentialPlan} (adaptive stopping), which widens every look's interval.
 */
public sealed interface Looks permits Looks.Fixed, SequentialPlan {
    Looks FIXED = new Fixed();

    /** The confidence each look's interval is computed at, so the whole sequence has {@code confidence}. */
    double nominalConfidence(double confidence);

    /** The options a single look is judged with (the overall row uses these). */
    default CompareOptions perLook(CompareOptions options) {
        return new CompareOptions(nominalConfidence(options.confidence()), options.thresholdPct());
    }

    /** One look after a fixed number of runs. */
    record Fixed() implements Looks {
        @Override
        public double nominalConfidence(double confidence) {
            return confidence;
        }

        @Override
        public CompareOptions perLook(CompareOptions options) {
            return options;
        }
    }
}
