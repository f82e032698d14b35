package dev.overhead.stats;

import java.util.Locale;

/** The four words of docs/cli.md ("Verdicts"), decided only by {@link Comparisons}. */
public enum Verdict {
    EQUIVALENT,
    WORSE,
    BETTER,
    INCONCLUSIVE;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean decisive() {
        return this != INCONCLUSIVE;
    }
}
