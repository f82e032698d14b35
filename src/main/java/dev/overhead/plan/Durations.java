package dev.overhead.plan;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as users write them on the command line and in plans: {@code 90s}, {@code 20m}, {@code 1h30m}. */
public final class Durations {
    private Durations() {}

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h|d)");
    private static final Pattern WHOLE = Pattern.compile("(?:\\d+(?:\\.\\d+)?(?:ms|s|m|h|d))+");
    private static final Pattern BARE = Pattern.compile("\\d+(?:\\.\\d+)?");

    /**
     * The longest duration overhead takes anywhere (a timeout, a time budget, a prune age, a heartbeat):
     * ten years. Beyond it a duration is a typo, and far beyond it ({@code 9999999999d}) its nanoseconds
     * overflowed a long and became negative, so {@code true} timed out at once (docs/reliability.md, third
     * battery, cases 4 and 12).
     */
    public static final Duration MAX = Duration.ofDays(3650);

    private static final BigDecimal MAX_NANOS = BigDecimal.valueOf(MAX.toNanos());

    /**
     * Parses a positive duration: numbers with units {@code ms s m h d}, possibly several
     * ({@code 1h30m}); a bare number is seconds.
     *
     * @throws SpecException naming the text and the forms accepted
     */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(java.util.Locale.ROOT);
        BigDecimal nanos;
        if (BARE.matcher(t).matches()) {
            nanos = nanos(new BigDecimal(t), "s");
        } else if (WHOLE.matcher(t).matches()) {
            nanos = BigDecimal.ZERO;
            Matcher m = PART.matcher(t);
            while (m.find()) {
                nanos = nanos.add(nanos(new BigDecimal(m.group(1)), m.group(2)));
            }
        } else {
            throw new SpecException(
                    "'" + text + "' is not a duration: write for example 500ms, 90s, 20m, 2h or 1h30m.");
        }
        if (nanos.compareTo(MAX_NANOS) > 0) { // compared exactly, before anything can overflow
            throw new SpecException("the duration '" + text + "' is longer than overhead takes anywhere ("
                    + MAX.toDays() + "d, ten years): give a shorter one.");
        }
        Duration total = Duration.ofNanos(nanos.longValue());
        if (total.isZero()) {
            throw new SpecException("the duration '" + text + "' is zero: give a positive one such as 90s.");
        }
        return total;
    }

    private static BigDecimal nanos(BigDecimal amount, String unit) {
        long nanosPerUnit = switch (unit) {
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> 86_400_000_000_000L;
        };
        return amount.multiply(BigDecimal.valueOf(nanosPerUnit));
    }

    /**
     * An exact form {@link #parse} reads back, in the largest whole unit: {@code 20m}, {@code 90s},
     * {@code 1500ms}; a duration finer than a millisecond keeps its digits ({@code 0.25ms}) rather
     * than being cut to whole milliseconds, which would write 0.5 ms as the invalid {@code 0ms}.
     */
    public static String format(Duration d) {
        if (d.toNanosPart() % 1_000_000 != 0) {
            BigDecimal ms = BigDecimal.valueOf(d.toNanos()).movePointLeft(6).stripTrailingZeros();
            return ms.toPlainString() + "ms";
        }
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}
