package dev.overhead.exec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole process tree of one run, measured in a cgroup made for it (src/main/c/overhead-tree.c):
 * peak memory of all its processes together, their CPU time, block I/O, and the time they stalled
 * for CPU, memory or I/O (pressure stall information).
 *
 * @param values  by the names runs store them under (docs/cli.md, "What one run records"):
 *                {@code tree_peak_mem_kib}, {@code tree_cpu_s}, {@code tree_io_read_bytes},
 *                {@code tree_io_write_bytes}, {@code psi_cpu_s}, {@code psi_mem_s}, {@code psi_io_s};
 *                a figure that could not be measured is absent, never 0
 * @param missing one sentence on which figures are absent and how to get them, or null when all were
 *                measured (or none was asked for)
 */
public record ProcessTree(Map<String, Double> values, String missing) {
    /** Not asked for. */
    public static final ProcessTree NONE = new ProcessTree(Map.of(), null);

    /** The names, in the helper's order (overhead-tree.h), with the factor from its unit to ours. */
    static final List<String> NAMES = List.of(
            "tree_peak_mem_kib",
            "tree_cpu_s",
            "tree_io_read_bytes",
            "tree_io_write_bytes",
            "psi_cpu_s",
            "psi_mem_s",
            "psi_io_s");

    private static final double[] FACTOR = {1.0 / 1024, 1e-9, 1, 1, 1e-6, 1e-6, 1e-6};

    public ProcessTree {
        values = Map.copyOf(values);
    }

    /**
     * From the helper's reply: for each figure whether it was measured and its value in the kernel's
     * unit (bytes, nanoseconds, microseconds), and the helper's reason for what it could not measure.
     */
    static ProcessTree of(boolean[] measured, long[] raw, String why) {
        Map<String, Double> values = new LinkedHashMap<>();
        List<String> absent = new ArrayList<>();
        for (int i = 0; i < NAMES.size() && i < measured.length; i++) {
            if (measured[i]) {
                values.put(NAMES.get(i), raw[i] * FACTOR[i]);
            } else {
                absent.add(NAMES.get(i));
            }
        }
        return new ProcessTree(values, absent.isEmpty() ? null : unavailable(absent, why));
    }

    /** Why some figures are absent, and, where the cgroup itself could not be had, how to get one. */
    static String unavailable(List<String> absent, String why) {
        String reason = why == null || why.isBlank() ? "the kernel did not report them" : why;
        boolean noCgroup = absent.contains("tree_peak_mem_kib") || absent.contains("tree_cpu_s");
        String names = absent.size() == NAMES.size()
                ? "the process tree's figures (tree_mem, tree_cpu, tree_io_*, psi_*)"
                : String.join(", ", absent);
        return names + " are not measured: " + reason
                + (noCgroup
                        ? "; run overhead as root, or in a cgroup delegated to you:"
                                + " systemd-run --user --scope -p Delegate=yes ./overhead run ..."
                        : "");
    }
}
