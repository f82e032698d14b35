package dev.overhead.sysinfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Watches the machine while a study runs: the run loop calls {@link #sample()} between runs and
 * {@link #warnings()} at the end. A sample reads a few /proc and /sys files, 0.3–1 ms of CPU on a
 * small VM, more than a small command's whole run (bench/study-throughput); so a sample is taken at
 * most every {@link #MIN_INTERVAL_NS}, and one that was skipped is taken at the end. Nothing is lost
 * by that: the load average moves every 5 s, and the other figures are counters. It follows
 * the 1-minute load average, swap traffic (pswpin/pswpout), thermal throttle counters where the kernel
 * has them, and how busy the SMT siblings of the pinned CPUs were.
 */
public final class LoadMonitor {
    static final double SIBLING_BUSY_PCT = 20.0;

    private final Host host;
    private final List<Integer> online;
    private final Set<Integer> siblings;
    private final double loadThreshold;
    private final long swapStart;
    private final long throttleStart;
    private Map<Integer, ProcText.CpuTimes> lastTimes;
    private double peakLoad;
    private long swapNow;
    private long throttleNow;
    private long siblingBusy;
    private long siblingTotal;
    private int samples;
    private long lastSample = Long.MIN_VALUE;
    private boolean skipped;

    static final long MIN_INTERVAL_NS = 200_000_000L;

    /**
     * Takes the first sample.
     *
     * @param pinned        the CPUs the measured commands are pinned to ({@code --pin}); empty for none
     * @param loadThreshold the 1-minute load above which a warning is given; NaN for the default
     */
    public LoadMonitor(Host host, List<Integer> pinned, double loadThreshold) {
        this.host = host;
        this.online = MachineSections.onlineCpus(host);
        this.siblings = siblingsOf(host, pinned);
        this.loadThreshold = Double.isNaN(loadThreshold) ? defaultThreshold(online.size()) : loadThreshold;
        this.swapStart = swapPages();
        this.throttleStart = throttleEvents();
        this.swapNow = swapStart;
        this.throttleNow = throttleStart;
        this.lastTimes = cpuTimes();
        this.peakLoad = load();
    }

    /** The live machine, with the default load threshold. */
    public static LoadMonitor start(List<Integer> pinned) {
        return new LoadMonitor(Host.live(), pinned, Double.NaN);
    }

    /** Busy enough to disturb: three quarters of the CPUs, and at least 1.5 (the measured command is 1). */
    static double defaultThreshold(int cpus) {
        return Math.max(1.5, 0.75 * Math.max(cpus, 1));
    }

    public void sample() {
        long now = System.nanoTime();
        if (lastSample != Long.MIN_VALUE && now - lastSample < MIN_INTERVAL_NS) {
            skipped = true;
            return;
        }
        lastSample = now;
        sampleNow();
    }

    /** The figures as they are at the end, where the last sample was skipped. */
    private void catchUp() {
        if (skipped) {
            skipped = false;
            sampleNow();
        }
    }

    private void sampleNow() {
        samples++;
        peakLoad = Math.max(peakLoad, load());
        swapNow = Math.max(swapNow, swapPages());
        throttleNow = Math.max(throttleNow, throttleEvents());
        Map<Integer, ProcText.CpuTimes> now = cpuTimes();
        for (int cpu : siblings) {
            ProcText.CpuTimes a = lastTimes.get(cpu);
            ProcText.CpuTimes b = now.get(cpu);
            if (a != null && b != null && b.total() >= a.total()) {
                siblingBusy += b.busy() - a.busy();
                siblingTotal += b.total() - a.total();
            }
        }
        lastTimes = now;
    }

    /** The figures behind the warnings, to store with the study. */
    public Map<String, Object> summary() {
        catchUp();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("samples", samples);
        m.put("peak_load_1m", peakLoad);
        m.put("online_cpus", online.size());
        m.put("swapped_pages", swapNow - swapStart);
        m.put("throttle_events", throttleNow - throttleStart);
        if (!siblings.isEmpty() && siblingTotal > 0) {
            m.put("smt_sibling_busy_pct", Math.round(1000.0 * siblingBusy / siblingTotal) / 10.0);
        }
        return m;
    }

    public List<String> warnings() {
        catchUp();
        List<String> w = new ArrayList<>();
        int cpus = online.size();
        if (peakLoad > loadThreshold) {
            w.add(String.format(
                    Locale.ROOT,
                    "The load average rose to %.1f during the study on %d CPU%s.",
                    peakLoad,
                    cpus,
                    cpus == 1 ? "" : "s"));
        }
        long swapped = swapNow - swapStart;
        if (swapped > 0) {
            w.add("The machine swapped " + swapped + " page" + (swapped == 1 ? "" : "s") + " during the study.");
        }
        long throttled = throttleNow - throttleStart;
        if (throttled > 0) {
            w.add("The CPUs were thermally throttled " + throttled + " time" + (throttled == 1 ? "" : "s")
                    + " during the study: their clock was lowered.");
        }
        if (siblingTotal > 0 && 100.0 * siblingBusy / siblingTotal > SIBLING_BUSY_PCT) {
            w.add(String.format(
                    Locale.ROOT,
                    "The SMT siblings %s of the pinned CPUs were %.0f%% busy: they share a"
                            + " core with the measured command.",
                    siblings,
                    100.0 * siblingBusy / siblingTotal));
        }
        return w;
    }

    private double load() {
        return host.read("/proc/loadavg")
                .map(ProcText::loadavg)
                .map(m -> m.get("load_1m"))
                .map(v -> ((Number) v).doubleValue())
                .orElse(0.0);
    }

    private long swapPages() {
        return host.readRaw("/proc/vmstat")
                .map(t -> ProcText.vmstat(t, "pswpin").orElse(0L)
                        + ProcText.vmstat(t, "pswpout").orElse(0L))
                .orElse(0L);
    }

    /** Core throttle events summed over CPUs, plus package events (the same count is shown in every CPU). */
    private long throttleEvents() {
        long core = 0;
        long pkg = 0;
        for (int cpu : online) {
            String dir = MachineSections.CPU + "/cpu" + cpu + "/thermal_throttle/";
            core += host.readLong(dir + "core_throttle_count").orElse(0L);
            pkg = Math.max(pkg, host.readLong(dir + "package_throttle_count").orElse(0L));
        }
        return core + pkg;
    }

    private Map<Integer, ProcText.CpuTimes> cpuTimes() {
        return siblings.isEmpty()
                ? Map.of()
                : host.readRaw("/proc/stat").map(ProcText::cpuTimes).orElse(Map.of());
    }

    static Set<Integer> siblingsOf(Host host, List<Integer> pinned) {
        Set<Integer> out = new LinkedHashSet<>();
        for (int cpu : pinned) {
            host.read(MachineSections.CPU + "/cpu" + cpu + "/topology/thread_siblings_list")
                    .ifPresent(list -> {
                        try {
                            out.addAll(ProcText.cpuList(list));
                        } catch (IllegalArgumentException e) {
                            // An unreadable list: no siblings known for this CPU.
                        }
                    });
        }
        out.removeAll(pinned);
        return out;
    }
}
