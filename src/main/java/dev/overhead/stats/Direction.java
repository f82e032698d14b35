package dev.overhead.stats;

/** Which way a metric improves. Time, memory and faults are lower-is-better; throughput is higher. */
public enum Direction {
    LOWER,
    HIGHER;

    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Direction parse(String word) {
        return switch (word.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "lower", "lib", "lower_is_better", "less" -> LOWER;
            case "higher", "hib", "higher_is_better", "more" -> HIGHER;
            default -> throw new IllegalArgumentException("'" + word + "' is not a direction: use lower or higher");
        };
    }
}
