package dev.overhead.store;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Instants as fixed-width UTC text, so that SQL's text order is time order. */
final class Times {
    private Times() {}

    private static final DateTimeFormatter FIXED =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

    static String format(Instant t) {
        return FIXED.format(t);
    }

    static Instant parse(String text) {
        return text == null ? null : Instant.parse(text);
    }
}
