package dev.overhead.report;

import java.util.Locale;
import java.util.Objects;

/**
 * How a human format is written.
 *
 * @param ascii  7-bit output only (no ±, −, —, µ), for mail clients and terminals that mangle the rest
 * @param locale decimal separator and digit grouping of the human formats; machine formats use
 *               {@link Locale#ROOT} whatever this says
 */
public record RenderOptions(boolean ascii, Locale locale) {
    public static final RenderOptions DEFAULT = new RenderOptions(false, Locale.ROOT);

    public RenderOptions {
        Objects.requireNonNull(locale, "locale");
    }

    public RenderOptions withAscii(boolean ascii) {
        return new RenderOptions(ascii, locale);
    }

    public RenderOptions withLocale(Locale locale) {
        return new RenderOptions(ascii, locale);
    }
}
