package dev.overhead.exec;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The CPU counters of one run ({@code overhead run --counters}): what the CPU counted of the command
 * from its exec on, its children included.
 *
 * @param values  the counted figures by name ({@code instructions}, {@code cycles}), scaled where the
 *                kernel shared the hardware with other counters; a counter that could not be opened is
 *                absent, never 0
 * @param missing one sentence on which counters are absent and why, or null when every counter asked
 *                for was counted (or none was asked for)
 */
public record Counters(Map<String, Double> values, String missing) {
    /** No counters asked for. */
    public static final Counters NONE = new Counters(Map.of(), null);

    private static final int EPERM = 1, ENOENT = 2, EACCES = 13, ENODEV = 19, ENOSYS = 38, EOPNOTSUPP = 95;

    public Counters {
        values = Map.copyOf(values);
    }

    /**
     * A counter's value corrected for multiplexing: it ran {@code running} of the {@code enabled}
     * nanoseconds, so the count is extrapolated by their ratio, as perf stat does. Empty when it never
     * ran (every hardware counter was taken by others all along).
     */
    static OptionalDouble scaled(long value, long enabled, long running) {
        if (running <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(running >= enabled ? value : (double) value * enabled / running);
    }

    /** Why perf_event_open refused, as one sentence a user can act on. */
    static String unavailable(List<String> names, boolean all, int errno) {
        String why = switch (errno) {
            case ENOENT, ENODEV, EOPNOTSUPP ->
                "perf_event_open says the CPU has no such event (a virtual machine without a PMU?)";
            case EACCES, EPERM ->
                "perf_event_open was refused (kernel.perf_event_paranoid is " + paranoid()
                        + "); run as root or lower it with sysctl kernel.perf_event_paranoid=1";
            case ENOSYS -> "this kernel has no perf_event_open";
            case -1 -> "the counters never ran (other programs held every hardware counter)";
            default -> "perf_event_open failed (errno " + errno + ")";
        };
        return (all ? "hardware counters are not available here" : String.join(" and ", names) + " not counted") + ": "
                + why;
    }

    private static String paranoid() {
        return KernelFiles.sysctl("kernel/perf_event_paranoid").orElse("unknown");
    }
}
