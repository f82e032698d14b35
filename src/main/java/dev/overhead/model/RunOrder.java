package dev.overhead.model;

import java.util.Locale;

/** How runs are ordered across variants (docs/cli.md, "run": {@code --order}). */
public enum RunOrder {
    /** Rounds in which every variant runs once, in a fixed order. */
    INTERLEAVED,
    /** Rounds in which every variant runs once, in a fresh random order per round (the default). */
    RANDOMIZED,
    /** All runs of one variant, then the next. */
    BLOCKED;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the word and the ones that are known */
    public static RunOrder parse(String word) {
        for (RunOrder o : values()) {
            if (o.word().equals(word.strip().toLowerCase(Locale.ROOT))) {
                return o;
            }
        }
        throw new IllegalArgumentException(
                "'" + word + "' is not a run order: use interleaved, randomized or blocked.");
    }
}
