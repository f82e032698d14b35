package dev.overhead.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The environment as readable text for {@code overhead env}: one block per section, keys aligned, long
 * values (command line, PATH) wrapped under their column, nothing wider than {@link #WIDTH}; the noise
 * warnings follow as a list. Pure.
 */
public final class EnvironmentText {
    private EnvironmentText() {}

    public static final int WIDTH = 100;
    private static final int INDENT = 2;
    private static final int VALUE_COLUMN = 34;

    private static final Map<String, String> TITLES = Map.ofEntries(
            Map.entry("cpu", "CPU"),
            Map.entry("memory", "Memory"),
            Map.entry("numa", "NUMA"),
            Map.entry("kernel", "Kernel"),
            Map.entry("os", "Distribution"),
            Map.entry("libc", "C library"),
            Map.entry("compilers", "Compilers"),
            Map.entry("virtualization", "Virtualization"),
            Map.entry("frequency", "CPU frequency"),
            Map.entry("smt", "SMT (hyper-threading)"),
            Map.entry("security", "Security"),
            Map.entry("sysctl", "Sysctl"),
            Map.entry("thp", "Transparent huge pages"),
            Map.entry("perf", "Hardware counters"),
            Map.entry("load", "Load at start"),
            Map.entry("tools", "Tools"),
            Map.entry("env_vars", "Environment variables (recorded)"));

    public static String render(Map<String, Object> env, List<String> warnings) {
        StringBuilder sb = new StringBuilder();
        env.forEach((key, value) -> {
            if (!(value instanceof Map)) {
                line(sb, 0, key, format(value));
            }
        });
        env.forEach((section, value) -> {
            if (value instanceof Map<?, ?> m) {
                sb.append(sb.isEmpty() ? "" : "\n")
                        .append(TITLES.getOrDefault(section, section))
                        .append('\n');
                entries(sb, INDENT, m);
            }
        });
        sb.append('\n');
        if (warnings.isEmpty()) {
            sb.append("No noise warnings.\n");
        } else {
            sb.append("Noise warnings\n");
            for (String w : warnings) {
                wrap(sb, "  - ", "    ", w);
            }
        }
        return sb.toString();
    }

    /** Nested maps become indented sub-blocks; values stay in one column. */
    private static void entries(StringBuilder sb, int indent, Map<?, ?> m) {
        m.forEach((k, v) -> {
            String key = k.toString();
            if (v instanceof Map<?, ?> inner && !inner.isEmpty()) {
                sb.append(" ".repeat(indent)).append(key).append('\n');
                entries(sb, indent + INDENT, inner);
            } else if (v instanceof List<?> list && !list.isEmpty() && list.getFirst() instanceof Map) {
                for (int i = 0; i < list.size(); i++) {
                    line(sb, indent, i == 0 ? key : "", format(list.get(i)));
                }
            } else {
                line(sb, indent, key, format(v));
            }
        });
    }

    /** A key and its value; a key too long for the column gets its own line. */
    private static void line(StringBuilder sb, int indent, String key, String value) {
        String pad = " ".repeat(VALUE_COLUMN);
        String head = " ".repeat(indent) + key;
        if (head.length() >= VALUE_COLUMN - 1) {
            sb.append(head).append('\n');
            head = pad;
        } else {
            head = head + " ".repeat(VALUE_COLUMN - head.length());
        }
        wrap(sb, head, pad, value);
    }

    /** Wraps at spaces (or hard, for a word longer than the line) so no line passes WIDTH. */
    static void wrap(StringBuilder sb, String first, String rest, String text) {
        String lead = first;
        String remaining = text.isEmpty() ? "" : text;
        do {
            int room = WIDTH - lead.length();
            String piece;
            if (remaining.length() <= room) {
                piece = remaining;
                remaining = "";
            } else {
                // Prefer a space, then a path separator (PATH, LD_LIBRARY_PATH), then a hard cut.
                int cut = remaining.lastIndexOf(' ', room);
                if (cut <= 0) {
                    int colon = remaining.lastIndexOf(':', room - 1);
                    cut = colon > 0 ? colon + 1 : room;
                }
                piece = remaining.substring(0, cut);
                remaining = remaining.substring(cut).stripLeading();
            }
            sb.append((lead + piece).stripTrailing()).append('\n');
            lead = rest;
        } while (!remaining.isEmpty());
    }

    static String format(Object v) {
        return switch (v) {
            case null -> "";
            case Double d ->
                d == Math.rint(d) && Math.abs(d) < 1e15
                        ? String.format(Locale.ROOT, "%.1f", d)
                        : String.format(Locale.ROOT, "%s", d);
            case Map<?, ?> m
            when m.containsKey("pid") && m.containsKey("cpu_pct") ->
                String.format(
                        Locale.ROOT, "%s %s (pid %s)", format(m.get("cpu_pct")) + "%", m.get("command"), m.get("pid"));
            case Map<?, ?> m -> {
                List<String> parts = new ArrayList<>();
                m.forEach((k, x) -> parts.add(k + "=" + format(x)));
                yield String.join(", ", parts);
            }
            case List<?> l -> {
                List<String> parts = new ArrayList<>();
                l.forEach(x -> parts.add(format(x)));
                yield l.isEmpty() ? "none" : String.join(", ", parts);
            }
            default -> v.toString();
        };
    }
}
