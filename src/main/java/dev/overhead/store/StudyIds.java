package dev.overhead.store;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.random.RandomGenerator;

/**
 * Study ids: short, sortable by time and unique in practice, e.g. {@code 20261202-103015-a3f9}
 * (UTC, so that ids sort in the order studies began wherever they were made).
 */
public final class StudyIds {
    private StudyIds() {}

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    public static String newId(Instant created) {
        return newId(created, RandomGenerator.getDefault());
    }

    public static String newId(Instant created, RandomGenerator random) {
        return STAMP.format(created) + "-" + HexFormat.of().toHexDigits((short) random.nextInt(1 << 16));
    }
}
