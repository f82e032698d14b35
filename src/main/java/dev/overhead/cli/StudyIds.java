package dev.overhead.cli;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Study ids: sortable by time, unique by a random suffix, short enough to type (20261202-103015-a3f9). */
final class StudyIds {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);
    private static final SecureRandom RANDOM = new SecureRandom();

    private StudyIds() {}

    static String next(Instant now) {
        return FORMAT.format(now) + "-" + String.format("%04x", RANDOM.nextInt(0x10000));
    }
}
