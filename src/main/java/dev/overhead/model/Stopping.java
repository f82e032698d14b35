package dev.overhead.model;

/**
 * How a study decides it has enough runs: a fixed number, adaptively between two bounds, or not
 * known (the study was read from another tool's file). Which comparison a study gets follows from
 * this, in one place: {@code verdicts.Judge}.
 */
public sealed interface Stopping {

    /** Exactly {@code runs} measured runs per variant ({@code --runs}). */
    record Fixed(int runs) implements Stopping {}

    /**
     * Rounds until every verdict is decisive, at least {@code minRuns} and at most {@code maxRuns},
     * deciding only at the schedule's looks.
     *
     * @param looks        when the study looks at its data (and may stop)
     * @param precisionPct also wait until every primary interval is at most ±this many percentage
     *                     points wide ({@code --precision}); null for no such wish
     * @param precisionShare where not null (the default precision, not one asked for), an interval
     *                     also counts as precise when its half-width is at most this share of the
     *                     change's size: a clear large change needs no interval of ±1% to be
     *                     reported without bias (docs/statistics.md §4c)
     */
    record Adaptive(int minRuns, int maxRuns, LookSchedule looks, Double precisionPct, Double precisionShare)
            implements Stopping {
        public Adaptive {
            java.util.Objects.requireNonNull(looks, "looks");
            if (precisionPct != null && !(precisionPct > 0 && Double.isFinite(precisionPct))) {
                throw new IllegalArgumentException("a precision is a positive percentage, not " + precisionPct);
            }
            if (precisionShare != null && !(precisionShare > 0 && precisionShare < 1)) {
                throw new IllegalArgumentException("a share of the change is between 0 and 1, not " + precisionShare);
            }
        }

        /** Between these bounds with these looks and an absolute precision (or none). */
        public Adaptive(int minRuns, int maxRuns, LookSchedule looks, Double precisionPct) {
            this(minRuns, maxRuns, looks, precisionPct, null);
        }

        /** Between these bounds, with the default looks and no precision. */
        public Adaptive(int minRuns, int maxRuns) {
            this(minRuns, maxRuns, LookSchedule.DOUBLING, null);
        }
    }

    /** Another tool ran the study: how it stopped is not known, so it is judged as a fixed one. */
    record Unknown() implements Stopping {}
}
