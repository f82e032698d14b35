package dev.overhead.sysinfo;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether hardware performance counters (instructions, cycles) can be read here. The cheap test comes
 * first: a kernel with a hardware PMU lists it under /sys/bus/event_source/devices ({@code cpu},
 * {@code cpu_core}, {@code armv8_pmuv3_0}...); a VM without counter passthrough lists only software
 * sources, and then perf is not run at all. With a PMU and perf on PATH, one {@code perf stat -x,} of
 * {@code true} (about 0.2 s, run in parallel with the other probes) settles it.
 */
public final class PerfCounters {
    private PerfCounters() {}

    /** The command the probe runs when a PMU exists and perf is installed. */
    public static final List<String> PERF_STAT = List.of("perf", "stat", "-x", ",", "-e", "instructions", "true");

    /** The names of hardware (core) PMUs among the kernel's event sources. */
    public static List<String> pmus(Host host) {
        return host.list("/sys/bus/event_source/devices").stream()
                .filter(n -> n.equals("cpu") || n.startsWith("cpu_") || n.startsWith("armv"))
                .toList();
    }

    /**
     * The perf section: {@code hardware_counters} (the answer), {@code pmu}, {@code perf_tool},
     * {@code instructions} (perf's word when it ran) and {@code reason} when the answer is no.
     *
     * @param perfStat perf's output when it was run, empty when it was not
     */
    public static Map<String, Object> availability(
            List<String> pmus, boolean perfTool, Optional<Long> paranoid, Optional<String> perfStat) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pmu", pmus);
        m.put("perf_tool", perfTool);
        paranoid.ifPresent(p -> m.put("perf_event_paranoid", p));
        if (pmus.isEmpty()) {
            m.put("hardware_counters", false);
            m.put("reason", "the kernel exposes no hardware PMU (usual in a virtual machine)");
            return m;
        }
        Optional<String> word = perfStat.flatMap(PerfCounters::instructionsWord);
        word.ifPresent(w -> m.put("instructions", w));
        boolean counted = word.map(w -> w.equals("counted")).orElse(true);
        m.put("hardware_counters", counted);
        if (!counted) {
            m.put("reason", "perf stat says the instructions event is " + word.get());
        } else if (perfStat.isPresent() && word.isEmpty()) {
            m.put("reason", "perf stat did not report the instructions event: " + Versions.firstLine(perfStat.get()));
            m.put("hardware_counters", false);
        }
        return m;
    }

    /**
     * Reads the CSV line perf stat -x, prints for the instructions event: "counted" when it has a count,
     * "not supported" or "not counted" when perf says so, empty when no such line is there.
     */
    static Optional<String> instructionsWord(String perfOutput) {
        for (String line : perfOutput.split("\n")) {
            String[] f = line.strip().split(",", -1);
            if (f.length >= 3 && f[2].startsWith("instructions")) {
                if (f[0].startsWith("<")) {
                    return Optional.of(f[0].replace("<", "").replace(">", "").strip());
                }
                return Host.parseLong(f[0]).isPresent() || f[0].matches("[0-9.]+")
                        ? Optional.of("counted")
                        : Optional.empty();
            }
        }
        return Optional.empty();
    }
}
