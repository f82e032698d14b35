package dev.overhead.report;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How a human format is written.
 *
 * @param ascii   7-bit output only (no ±, −, —, µ), for mail clients and terminals that mangle the rest
 * @param locale  decimal separator and digit grouping of the human formats; machine formats use
 *                {@link Locale#ROOT} whatever this says
 * @param metrics the metrics the tables show, by name ({@code --metrics}); empty: each workload's
 *                primary, then those with a decisive verdict; {@code all}: every metric compared
 */
public record RenderOptions(boolean ascii, Locale locale, List<String> metrics) {
    public static final RenderOptions DEFAULT = new RenderOptions(false, Locale.ROOT);

    public RenderOptions {
        Objects.requireNonNull(locale, "locale");
        metrics = List.copyOf(metrics);
    }

    public RenderOptions(boolean ascii, Locale locale) {
        this(ascii, locale, List.of());
    }

    public RenderOptions withAscii(boolean ascii) {
        return new RenderOptions(ascii, locale, metrics);
    }

    public RenderOptions withLocale(Locale locale) {
        return new RenderOptions(ascii, locale, metrics);
    }

    public RenderOptions withMetrics(List<String> shown) {
        return new RenderOptions(ascii, locale, shown);
    }

    boolean allMetrics() {
        return metrics.contains("all");
    }
}
