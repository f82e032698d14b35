package dev.overhead.stats;

/**
 * What is compared, as far as the statistics care: which way is better, and what kind of figure it
 * is. The kind chooses the method — never the values seen, so the method cannot flip when a 0
 * appears in one run.
 */
public record Quantity(Direction better, Kind kind) {
    public enum Kind {
        /** A positive figure with multiplicative noise: times, memory, throughput, CPU counters. */
        MEASUREMENT,
        /**
         * A count of events per run (page faults, context switches, blocks): small integers with
         * ties and zeros, whose cost is in the mean.
         */
        COUNT
    }

    public Quantity {
        if (better == null || kind == null) {
            throw new IllegalArgumentException("a quantity needs a direction and a kind");
        }
    }

    public static Quantity measurement(Direction better) {
        return new Quantity(better, Kind.MEASUREMENT);
    }

    public static Quantity count(Direction better) {
        return new Quantity(better, Kind.COUNT);
    }
}
