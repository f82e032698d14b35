package dev.overhead.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A few lines about the machine, from whatever {@code overhead env --format json} produced: the
 * well-known keys first when present, then the other top-level scalars. Nothing is required, so a
 * renderer never fails on an environment it does not know.
 */
final class EnvironmentSummary {
    private EnvironmentSummary() {}

    /** Dotted paths worth a line of their own, with the label they get. */
    private static final List<Map.Entry<String, String>> KNOWN = List.of(
            Map.entry("host.name", "host"), Map.entry("hostname", "host"),
            Map.entry("os.pretty_name", "os"), Map.entry("kernel.release", "kernel"),
            Map.entry("cpu.model", "cpu"), Map.entry("cpu.cores", "cores"), Map.entry("cpu.threads", "threads"),
            Map.entry("cpu.governor", "governor"), Map.entry("cpu.turbo", "turbo"),
            Map.entry("memory.total_kib", "memory KiB"), Map.entry("virtualization", "virtualization"),
            Map.entry("load.avg1", "load"), Map.entry("java.version", "java"));

    private static final int MAX_LINES = 14;

    static List<Map.Entry<String, String>> of(Map<String, Object> environment) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> known : KNOWN) {
            Object v = lookup(environment, known.getKey());
            if (v != null && !(v instanceof Map) && !out.containsKey(known.getValue())) {
                out.put(known.getValue(), scalar(v));
            }
        }
        for (Map.Entry<String, Object> e : environment.entrySet()) {
            if (out.size() >= MAX_LINES) {
                break;
            }
            Object v = e.getValue();
            boolean scalar = v instanceof String || v instanceof Number || v instanceof Boolean;
            boolean shortList = v instanceof List<?> l && !l.isEmpty() && l.size() <= 6
                    && l.stream().allMatch(x -> x instanceof String || x instanceof Number);
            boolean taken = KNOWN.stream().anyMatch(k -> k.getKey().equals(e.getKey()));
            if ((scalar || shortList) && !taken && !out.containsKey(e.getKey())) {
                out.put(e.getKey(), scalar(v));
            }
        }
        List<Map.Entry<String, String>> lines = new ArrayList<>();
        out.forEach((k, v) -> lines.add(Map.entry(k, v)));
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
