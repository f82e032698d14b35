package dev.overhead.why;

import java.util.Map;

/**
 * One profiled run of one variant.
 *
 * @param round    the round it ran in (1-based), each round runs every variant once
 * @param wallS    its wall time under perf (perf's start and its writing of samples included)
 * @param profile  what its samples add up to
 * @param syscalls calls and time per system call from the same round's traced run; null when not traced
 * @param file     the perf.data file it was recorded into
 */
public record ProfiledRun(
        int round, double wallS, RunProfile profile, Map<String, Syscalls.Stat> syscalls, String file) {
    public ProfiledRun {
        syscalls = syscalls == null ? null : Map.copyOf(syscalls);
    }
}
