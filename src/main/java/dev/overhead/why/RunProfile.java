package dev.overhead.why;

import java.util.Map;

/**
 * What the samples of one profiled run add up to. Weights are perf's sample periods (nanoseconds
 * for {@code cpu-clock}, cycles for {@code cycles}), so a symbol's weight is the time spent in it,
 * not a count that depends on the sampling rate.
 *
 * @param samples  how many samples were read
 * @param total    the sum of their periods
 * @param bySymbol self weight per symbol key ({@link Roles#key})
 * @param byDso    self weight per DSO file name
 * @param byMode   self weight in {@code user} and in {@code kernel}
 * @param stacks   weight per call chain, root first, frames joined by {@code ;} (the folded format of
 *                 Brendan Gregg's flame graph scripts)
 */
public record RunProfile(
        long samples,
        long total,
        Map<String, Long> bySymbol,
        Map<String, Long> byDso,
        Map<String, Long> byMode,
        Map<String, Long> stacks) {
    public RunProfile {
        bySymbol = Map.copyOf(bySymbol);
        byDso = Map.copyOf(byDso);
        byMode = Map.copyOf(byMode);
        stacks = Map.copyOf(stacks);
    }
}
