package dev.overhead.why;

import java.util.Optional;
import java.util.Set;

/**
 * Matching symbols across variants by what they do, where their names differ by DSO: the allocator
 * entry points of glibc, jemalloc, mimalloc, tcmalloc or hardened_malloc are one role each, so that
 * a preloaded allocator's {@code malloc} is compared with glibc's instead of both being listed apart.
 */
public final class Roles {
    private Roles() {}

    private static final Set<String> ALLOCATOR = Set.of(
            "malloc",
            "free",
            "calloc",
            "realloc",
            "reallocarray",
            "posix_memalign",
            "aligned_alloc",
            "memalign",
            "valloc",
            "pvalloc",
            "malloc_usable_size",
            "cfree");

    /** Prefixes allocators put on their entry points' own names (glibc's aliases, je_, mi_, tc_, h_). */
    private static final String[] PREFIXES = {"__libc_", "__", "je_", "mi_", "tc_", "h_"};

    /** The role of an allocator entry point ({@code malloc}, {@code free}...), or empty. */
    public static Optional<String> allocatorRole(String symbol) {
        if (ALLOCATOR.contains(symbol)) {
            return Optional.of(symbol);
        }
        for (String p : PREFIXES) {
            if (symbol.startsWith(p) && ALLOCATOR.contains(symbol.substring(p.length()))) {
                return Optional.of(symbol.substring(p.length()));
            }
        }
        return Optional.empty();
    }

    /**
     * The key a frame's weight is counted under: {@code symbol [dso]}, or for an allocator entry point
     * {@code malloc [allocator]} whatever DSO it comes from. Unresolved addresses count per DSO.
     */
    public static String key(Frame f) {
        return allocatorRole(f.symbol())
                .map(r -> r + " " + ALLOCATOR_DSO)
                .orElse(f.symbol() + " [" + f.dsoName() + "]");
    }

    /** What an allocator role's key carries in place of a DSO. */
    public static final String ALLOCATOR_DSO = "[allocator]";

    /** The symbol part of a key. */
    public static String symbolOf(String key) {
        int at = key.lastIndexOf(" [");
        return at < 0 ? key : key.substring(0, at);
    }

    /** The DSO part of a key, without brackets ({@code allocator} for a role). */
    public static String dsoOf(String key) {
        int at = key.lastIndexOf(" [");
        return at < 0 ? "" : key.substring(at + 2, key.length() - 1);
    }
}
