package dev.overhead.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A few lines about the machine, from what {@code overhead env --format json} produced: the
 * well-known keys, each only when present, so a renderer never fails on an environment it does
 * not know (an imported study's, or an older overhead's).
 */
final class EnvironmentSummary {
    private EnvironmentSummary() {}

    /** Dotted paths worth a line of their own (keys of {@code overhead env --format json}), with their label. */
    private static final List<Map.Entry<String, String>> KNOWN = List.of(
            Map.entry("cpu.model_name", "cpu"),
            Map.entry("cpu.logical_cpus", "cpus"),
            Map.entry("memory.total_kib", "memory"),
            Map.entry("os.pretty_name", "os"),
            Map.entry("kernel.release", "kernel"),
            Map.entry("libc.version", "glibc"),
            Map.entry("compilers.gcc.version", "gcc"),
            Map.entry("virtualization.systemd_detect_virt", "virtualization"),
            Map.entry("frequency.governor", "governor"),
            Map.entry("frequency.turbo", "turbo"),
            Map.entry("smt.active", "smt"),
            Map.entry("security.aslr", "aslr"),
            Map.entry("load.load_1m", "load (1 min)"),
            Map.entry("tools.java.version", "java"),
            Map.entry("executor", "executor"));

    static List<Map.Entry<String, String>> of(Map<String, Object> environment) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> known : KNOWN) {
            Object v = lookup(environment, known.getKey());
            if (v != null && !(v instanceof Map) && !out.containsKey(known.getValue())) {
                out.put(
                        known.getValue(),
                        known.getKey().equals("memory.total_kib") && v instanceof Number n
                                ? String.format(java.util.Locale.ROOT, "%.1f GiB", n.doubleValue() / (1024 * 1024))
                                : scalar(v));
            }
        }
        List<Map.Entry<String, String>> lines = new ArrayList<>();
        out.forEach((k, v) -> lines.add(Map.entry(k, v)));
        // a study of kernels in virtual machines: each boot's guest, as it reported itself (docs/workloads.md)
        if (lookup(environment, "vm.boots") instanceof List<?> boots) {
            for (Object b : boots) {
                if (b instanceof Map<?, ?> boot) {
                    lines.add(Map.entry(
                            "boot " + scalar(boot.get("boot")),
                            boot.get("variant") + ": " + boot.get("release") + ", " + boot.get("accelerator") + ", "
                                    + boot.get("cmdline")));
                }
            }
        }
        return lines;
    }

    static Object lookup(Map<String, Object> root, String dotted) {
        Object node = root;
        for (String part : dotted.split("\\.")) {
            if (!(node instanceof Map<?, ?> map) || !map.containsKey(part)) {
                return null;
            }
            node = map.get(part);
        }
        return node;
    }

    private static String scalar(Object v) {
        if (v instanceof List<?> l) {
            return l.stream().map(String::valueOf).collect(Collectors.joining(", "));
        }
        if (v instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(v);
    }
}
