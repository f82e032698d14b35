package dev.overhead.report;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The output formats of docs/cli.md ("Output formats") ({@code --format}, {@code --export-*}). */
public enum Format {
    TEXT,
    MARKDOWN,
    CSV,
    HTML,
    JSON,
    /** JUnit XML, for CI test reports ({@link JUnitReport}). */
    JUNIT;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Machine formats ignore the locale: a spreadsheet or a script must read them the same everywhere. */
    public boolean machine() {
        return this == CSV || this == JSON || this == JUNIT;
    }

    public static Format parse(String word) {
        String w = word.strip().toLowerCase(Locale.ROOT);
        if (w.equals("md")) {
            return MARKDOWN;
        }
        return Arrays.stream(values())
                .filter(f -> f.word().equals(w))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + word + "' is not a report format: use one of "
                        + Arrays.stream(values()).map(Format::word).collect(Collectors.joining(", ")) + "."));
    }
}
