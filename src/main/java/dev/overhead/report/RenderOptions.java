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
 * @param detail  the text report goes on after its summary, plain words and warnings with each
 *                workload's tables, the commands, the environment and the legend ({@code --detail});
 *                without it, it ends with a line saying how to get them. The files (Markdown, HTML)
 *                always have everything.
 */
public record RenderOptions(boolean ascii, Locale locale, List<String> metrics, boolean detail) {
    public static final RenderOptions DEFAULT = new RenderOptions(false, Locale.ROOT);

    public RenderOptions {
        Objects.requireNonNull(locale, "locale");
        metrics = List.copyOf(metrics);
    }

    public RenderOptions(boolean ascii, Locale locale, List<String> metrics) {
        this(ascii, locale, metrics, false);
    }

    public RenderOptions(boolean ascii, Locale locale) {
        this(ascii, locale, List.of());
    }

    public RenderOptions withAscii(boolean ascii) {
        return new RenderOptions(ascii, locale, metrics, detail);
    }

    public RenderOptions withLocale(Locale locale) {
        return new RenderOptions(ascii, locale, metrics, detail);
    }

    public RenderOptions withMetrics(List<String> shown) {
        return new RenderOptions(ascii, locale, shown, detail);
    }

    public RenderOptions withDetail(boolean detail) {
        return new RenderOptions(ascii, locale, metrics, detail);
    }

    boolean allMetrics() {
        return metrics.contains("all");
    }
}
