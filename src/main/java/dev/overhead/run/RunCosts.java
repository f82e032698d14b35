package dev.overhead.run;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Where the time between one measured run's end and the next one's start goes (docs/performance.md, "A whole
 * study"): wall and CPU time of the study thread per part, summed over the runs. Off unless the environment
 * variable {@code OVERHEAD_RUN_COSTS} is set; then the breakdown goes to stderr when the study ends. Off, it
 * costs a branch per part and reads no clock.
 */
final class RunCosts {
    enum Part {
        MACHINE_BEFORE("machine hooks before the run (drop caches)"),
        REQUEST("building the request (command, layout padding, build)"),
        HELPER("the helper's round trip outside the measured interval (socket, cgroups, decoding)"),
        RECORD("parsing metrics and building the Run"),
        STORE("storing the run (SQLite insert, WAL)"),
        MACHINE_AFTER("machine hooks after the run (load sampling)"),
        PROGRESS("the progress line (spread, listener)"),
        LOOP("the loop between runs (stopping rule, schedule, live comparison)");

        final String label;

        Part(String label) {
            this.label = label;
        }
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final boolean on;
    private final Map<Part, long[]> sums = new EnumMap<>(Part.class); // {wall ns, cpu ns}
    private long lastWall;
    private long lastCpu;
    private int runs;

    private RunCosts(boolean on) {
        this.on = on;
        for (Part p : Part.values()) {
            sums.put(p, new long[2]);
        }
    }

    static RunCosts fromEnvironment() {
        return new RunCosts(System.getenv("OVERHEAD_RUN_COSTS") != null);
    }

    static RunCosts off() {
        return new RunCosts(false);
    }

    /** Starts the clock for the next part. */
    void start() {
        if (on) {
            lastWall = System.nanoTime();
            lastCpu = THREADS.getCurrentThreadCpuTime();
        }
    }

    /** The time since the last mark belongs to {@code part}, less {@code insideNs} (the measured interval). */
    void lap(Part part, long insideNs) {
        if (!on) {
            return;
        }
        long wall = System.nanoTime();
        long cpu = THREADS.getCurrentThreadCpuTime();
        long[] sum = sums.get(part);
        sum[0] += wall - lastWall - insideNs;
        sum[1] += cpu - lastCpu;
        lastWall = wall;
        lastCpu = cpu;
    }

    void lap(Part part) {
        lap(part, 0);
    }

    void runEnded() {
        runs++;
    }

    void print(PrintStream out) {
        if (!on || runs == 0) {
            return;
        }
        long wall = 0;
        long cpu = 0;
        out.printf(
                Locale.ROOT,
                "overhead: per run outside the measured interval, over %d runs (wall, CPU of the study" + " thread):%n",
                runs);
        for (Part p : Part.values()) {
            long[] s = sums.get(p);
            wall += s[0];
            cpu += s[1];
            out.printf(Locale.ROOT, "  %8.3f ms %8.3f ms  %s%n", s[0] / 1e6 / runs, s[1] / 1e6 / runs, p.label);
        }
        out.printf(Locale.ROOT, "  %8.3f ms %8.3f ms  in all%n", wall / 1e6 / runs, cpu / 1e6 / runs);
    }
}
