package dev.overhead.sysinfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The fields that differ between two recorded environments, for {@code compare} of studies taken on
 * different boots or machines. Only fields that change results are compared (kernel, mitigations,
 * governor, microcode...); what moves on its own (load, busiest processes, free memory, the probe time)
 * is ignored.
 */
public final class EnvironmentDiff {
    private EnvironmentDiff() {}

    /** One differing field: its dotted path ("kernel.release") and both values, null where absent. */
    public record Difference(String path, Object a, Object b) {}

    /** Paths (and path prefixes, ending in ".") compared, in the order differences are listed. */
    static final List<String> COMPARED = List.of(
            "cpu.model_name",
            "cpu.family",
            "cpu.model",
            "cpu.stepping",
            "cpu.microcode",
            "cpu.online_cpus",
            "cpu.sockets",
            "cpu.cores",
            "cpu.threads_per_core",
            "kernel.release",
            "kernel.version",
            "kernel.cmdline",
            "os.pretty_name",
            "libc.name",
            "libc.version",
            "compilers.gcc.version",
            "compilers.clang.version",
            "security.aslr",
            "security.vulnerabilities.",
            "frequency.driver",
            "frequency.governor",
            "frequency.turbo",
            "frequency.min_khz",
            "frequency.max_khz",
            "smt.control",
            "smt.active",
            "thp.enabled",
            "thp.defrag",
            "sysctl.",
            "memory.total_kib",
            "memory.swap_total_kib",
            "numa.nodes",
            "virtualization.virtual_machine",
            "virtualization.systemd_detect_virt",
            "perf.hardware_counters",
            "tools.overhead",
            "tools.java.version",
            "env_vars.");

    public static List<Difference> diff(Map<String, Object> a, Map<String, Object> b) {
        Map<String, Object> fa = flatten(a);
        Map<String, Object> fb = flatten(b);
        List<Difference> out = new ArrayList<>();
        for (String wanted : COMPARED) {
            TreeSet<String> paths = new TreeSet<>();
            for (Map<String, Object> f : List.of(fa, fb)) {
                f.keySet().stream()
                        .filter(p -> wanted.endsWith(".") ? p.startsWith(wanted) : p.equals(wanted))
                        .forEach(paths::add);
            }
            for (String p : paths) {
                Object va = fa.get(p);
                Object vb = fb.get(p);
                if (!same(va, vb)) {
                    out.add(new Difference(p, va, vb));
                }
            }
        }
        return out;
    }

    /** Numbers compare by value: a stored study read back from JSON may give 2 as an Integer or a Long. */
    private static boolean same(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return Double.compare(x.doubleValue(), y.doubleValue()) == 0;
        }
        return Objects.equals(a, b);
    }

    /** Nested maps as dotted paths; lists and scalars are leaves. */
    static Map<String, Object> flatten(Map<String, ?> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        flatten("", map, out);
        return out;
    }

    private static void flatten(String prefix, Map<?, ?> map, Map<String, Object> out) {
        map.forEach((k, v) -> {
            String path = prefix + k;
            if (v instanceof Map<?, ?> m) {
                flatten(path + ".", m, out);
            } else {
                out.put(path, v);
            }
        });
    }
}
