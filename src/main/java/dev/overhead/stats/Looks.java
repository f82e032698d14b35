package dev.overhead.stats;

import java.util.Locale;

/**
 * How often the data are looked at before the verdict: once, after a fixed number of runs, or at
 * the looks of a {@link SequentialPlan} (adaptive stopping), which widens every look's interval.
 */
public sealed interface Looks permits Looks.Fixed, SequentialPlan {
    Looks FIXED = new Fixed();

    /**
     * The confidence the interval of a look after {@code runs} runs per variant is computed at, so
     * that the whole sequence has {@code confidence}.
     */
    double nominalConfidence(double confidence, int runs);

    /** The options a single look after {@code runs} runs per variant is judged with (the overall row uses these). */
    default CompareOptions perLook(CompareOptions options, int runs) {
        return options.atConfidence(nominalConfidence(options.confidence(), runs));
    }

    /** One look after a fixed number of runs. */
    record Fixed() implements Looks {
        @Override
        public double nominalConfidence(double confidence, int runs) {
            return confidence;
        }

        @Override
        public CompareOptions perLook(CompareOptions options, int runs) {
            return options;
        }
    }

    /** A level as people read it: 99.32%, 99.99987% (enough digits to tell it from 100%). */
    static String percent(double level) {
        double miss = (1 - level) * 100;
        int digits = Math.max(2, (int) Math.ceil(-Math.log10(miss)) + 1);
        return String.format(Locale.ROOT, "%." + Math.min(digits, 12) + "f%%", level * 100);
    }
}
