package dev.overhead.why;

import java.io.BufferedReader;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the per-syscall summaries of {@code perf trace -s} (one table per thread, summed here) and
 * of {@code strace -c -f} (one table for the process tree) into calls and seconds per system call.
 */
public final class Syscalls {
    private Syscalls() {}

    /** Calls and time of one system call in one run. */
    public record Stat(long calls, long errors, double seconds) {
        Stat plus(Stat o) {
            return new Stat(calls + o.calls, errors + o.errors, seconds + o.seconds);
        }
    }

    // name, calls, errors, total (msec), min, avg, max, stddev%
    private static final Pattern PERF_ROW = Pattern.compile(
            "^\\s+(\\w+)\\s+(\\d+)\\s+(\\d+)\\s+([\\d.]+)\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+%\\s*$");
    // % time, seconds, usecs/call, calls, errors (blank when none), syscall
    private static final Pattern STRACE_ROW =
            Pattern.compile("^\\s*[\\d.]+\\s+([\\d.]+)\\s+\\d+\\s+(\\d+)\\s+(?:(\\d+)\\s+)?(\\w+)\\s*$");

    /** The summary {@code perf trace -s -o FILE} writes. */
    public static Map<String, Stat> perfTrace(BufferedReader in) {
        Map<String, Stat> out = new HashMap<>();
        for (String line : lines(in)) {
            Matcher m = PERF_ROW.matcher(line);
            if (m.matches()) {
                out.merge(
                        m.group(1),
                        new Stat(
                                Long.parseLong(m.group(2)),
                                Long.parseLong(m.group(3)),
                                Double.parseDouble(m.group(4)) / 1000),
                        Stat::plus);
            }
        }
        return out;
    }

    /** The summary {@code strace -c -f -o FILE} writes. */
    public static Map<String, Stat> strace(BufferedReader in) {
        Map<String, Stat> out = new HashMap<>();
        for (String line : lines(in)) {
            Matcher m = STRACE_ROW.matcher(line);
            if (m.matches() && !m.group(4).equals("total")) {
                out.merge(
                        m.group(4),
                        new Stat(
                                Long.parseLong(m.group(2)),
                                m.group(3) == null ? 0 : Long.parseLong(m.group(3)),
                                Double.parseDouble(m.group(1))),
                        Stat::plus);
            }
        }
        return out;
    }

    private static Iterable<String> lines(BufferedReader in) {
        return in.lines().toList();
    }
}
