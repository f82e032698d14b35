package dev.overhead.run;

import dev.overhead.model.Variant;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Every variant's environment padded to the same size. The kernel copies a process's
 * environment strings onto the top of its stack, so {@code -V 'je: LD_PRELOAD=…'} moves the
 * candidate's stack, and with it the alignment of everything the program keeps there; Mytkowicz,
 * Diwan, Hauswirth and Sweeney ("Producing wrong data without doing anything obviously wrong!",
 * ASPLOS 2009) measured such shifts changing results by several percent. Each variant therefore
 * gets {@value #VARIABLE} with as many characters as make its environment block — every
 * {@code NAME=value} string and its terminating zero, on top of the harness's own environment — as
 * long as the longest variant's. With {@code --randomize-layout} every round adds the same random
 * 0–{@value #RANDOM_SPAN}−1 bytes to all variants of the round, so that alignment effects vary
 * across rounds and enter the interval instead of biasing it one way.
 */
final class LayoutPadding {
    static final String VARIABLE = "OVERHEAD_LAYOUT_PAD";
    /** Two pages: every offset of the stack within a page, and then some. */
    static final int RANDOM_SPAN = 8192;

    private final Map<String, Integer> padOf = new HashMap<>();
    private final int size;
    private final boolean randomize;
    private final long seed;

    LayoutPadding(List<Variant> variants, Map<String, String> harness, boolean randomize, long seed) {
        int largest = 0;
        for (Variant v : variants) {
            largest = Math.max(largest, size(harness, v.env()));
        }
        // the variable itself, "NAME=" and its zero, is in every padded block
        int target = largest + bytes(VARIABLE + "=") + 1;
        for (Variant v : variants) {
            padOf.put(v.name(), target - size(harness, v.env()) - bytes(VARIABLE + "=") - 1);
        }
        this.size = target;
        this.randomize = randomize;
        this.seed = seed;
    }

    /** The bytes the environment block of every variant takes (without the per-round padding). */
    int size() {
        return size;
    }

    /** The variant's variables with the padding that evens out its environment in this round. */
    Map<String, String> env(Variant variant, int round) {
        Integer pad = padOf.get(variant.name());
        if (pad == null || variant.env().containsKey(VARIABLE)) {
            return variant.env(); // a variant not planned for, or one that sets the padding itself
        }
        int extra = randomize && round >= 0 ? new SplittableRandom(seed * 31 + round).nextInt(RANDOM_SPAN) : 0;
        Map<String, String> env = new LinkedHashMap<>(variant.env());
        env.put(VARIABLE, "x".repeat(pad + extra));
        return env;
    }

    /** The size of the environment block a command gets: the harness's variables, the variant's on top. */
    static int size(Map<String, String> harness, Map<String, String> variant) {
        Map<String, String> merged = new HashMap<>(harness);
        merged.remove(VARIABLE);
        merged.putAll(variant);
        int total = 0;
        for (Map.Entry<String, String> e : merged.entrySet()) {
            total += bytes(e.getKey() + "=" + e.getValue()) + 1;
        }
        return total;
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * A sentence for the study's notes on the padding and on address-space randomisation, which
     * moves the stack (and heap and libraries) from run to run on its own where it is on.
     */
    String note(boolean noAslr) {
        String what = randomize
                ? "the environment padding varied from round to round (0–" + (RANDOM_SPAN - 1)
                        + " extra bytes of " + VARIABLE + ", the same for every variant of a round), so that"
                        + " stack-alignment effects are part of the interval"
                : "every variant's environment was padded to the same size (" + size + " bytes, with "
                        + VARIABLE + "), so that a longer variable of one variant does not move its stack;"
                        + " --randomize-layout varies the padding per round";
        String aslr = aslr();
        if (!noAslr && aslr != null && !aslr.equals("0")) {
            what += "; ASLR is on (kernel.randomize_va_space = " + aslr
                    + "): the stack, heap and libraries also move from run to run (--no-aslr turns it off)";
        }
        return what;
    }

    private static String aslr() {
        return dev.overhead.exec.KernelFiles.sysctl("kernel/randomize_va_space").orElse(null);
    }
}
