package dev.overhead.run;

import java.util.Locale;

/** How runs of the variants are ordered (CONTRACT §2 {@code --order}). */
public enum Order {
    /** Rounds in which every variant runs once, in a fresh random order per round (the default). */
    RANDOMIZED,
    /** Rounds in a fixed order: A B C, A B C, ... */
    INTERLEAVED,
    /** All runs of one variant, then all of the next: what hyperfine does; drift hits one side only. */
    BLOCKED;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Order parse(String word) {
        for (Order o : values()) {
            if (o.word().equals(word.strip().toLowerCase(Locale.ROOT))) {
                return o;
            }
        }
        throw new IllegalArgumentException("'" + word + "' is not an order: use randomized, interleaved or blocked");
    }
}
