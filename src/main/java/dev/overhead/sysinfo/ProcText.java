package dev.overhead.sysinfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/** Pure parsers of the small /proc, /sys and /etc text formats the probe reads. */
public final class ProcText {
    private ProcText() {}

    /** /proc/meminfo as the memory section, in KiB ("units in names"). */
    public static Map<String, Object> memory(String meminfo) {
        Map<String, Long> kv = new LinkedHashMap<>();
        for (String line : meminfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                String[] value = line.substring(colon + 1).strip().split("\\s+");
                Host.parseLong(value[0])
                        .ifPresent(v -> kv.put(line.substring(0, colon).strip(), v));
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        put(m, "total_kib", kv.get("MemTotal"));
        put(m, "available_kib", kv.get("MemAvailable"));
        put(m, "free_kib", kv.get("MemFree"));
        put(m, "swap_total_kib", kv.get("SwapTotal"));
        put(m, "swap_free_kib", kv.get("SwapFree"));
        if (kv.containsKey("SwapTotal") && kv.containsKey("SwapFree")) {
            m.put("swap_used_kib", kv.get("SwapTotal") - kv.get("SwapFree"));
        }
        put(m, "huge_pages_total", kv.get("HugePages_Total"));
        put(m, "huge_page_size_kib", kv.get("Hugepagesize"));
        put(m, "anon_huge_pages_kib", kv.get("AnonHugePages"));
        return m;
    }

    /**
     * os-release (freedesktop.org format): KEY=VALUE lines, values optionally in double or single quotes
     * with backslash escapes inside double quotes. Keys are lowered to snake_case.
     */
    public static Map<String, String> osRelease(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            int eq = line.indexOf('=');
            if (line.startsWith("#") || eq <= 0) {
                continue;
            }
            String value = line.substring(eq + 1);
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                value = value.substring(1, value.length() - 1).replaceAll("\\\\([\"\\\\$`])", "$1");
            } else if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
                value = value.substring(1, value.length() - 1);
            }
            out.put(line.substring(0, eq).toLowerCase(java.util.Locale.ROOT), value);
        }
        return out;
    }

    /** The os section: the fields of os-release that identify a distribution. */
    public static Map<String, Object> os(String osRelease) {
        Map<String, String> all = osRelease(osRelease);
        Map<String, Object> os = new LinkedHashMap<>();
        for (String key : List.of("id", "id_like", "name", "version_id", "version_codename", "pretty_name")) {
            if (all.containsKey(key)) {
                os.put(key, all.get(key));
            }
        }
        return os;
    }

    /** /proc/loadavg: "0.42 0.35 0.30 1/1184 48211". */
    public static Map<String, Object> loadavg(String text) {
        String[] f = text.strip().split("\\s+");
        Map<String, Object> m = new LinkedHashMap<>();
        if (f.length >= 3) {
            try {
                m.put("load_1m", Double.parseDouble(f[0]));
                m.put("load_5m", Double.parseDouble(f[1]));
                m.put("load_15m", Double.parseDouble(f[2]));
            } catch (NumberFormatException e) {
                return Map.of();
            }
        }
        if (f.length >= 4 && f[3].contains("/")) {
            String[] rt = f[3].split("/");
            Host.parseLong(rt[0]).ifPresent(v -> m.put("runnable", v));
            Host.parseLong(rt[1]).ifPresent(v -> m.put("tasks", v));
        }
        return m;
    }

    /** One counter of /proc/vmstat ("pswpin 18234"). */
    public static Optional<Long> vmstat(String text, String name) {
        for (String line : text.split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (f.length == 2 && f[0].equals(name)) {
                return Host.parseLong(f[1]);
            }
        }
        return Optional.empty();
    }

    /** Busy and total jiffies of one CPU line of /proc/stat. */
    public record CpuTimes(long busy, long total) {}

    /** The per-CPU lines of /proc/stat ("cpu3 ..."), by CPU number; idle and iowait count as not busy. */
    public static Map<Integer, CpuTimes> cpuTimes(String procStat) {
        Map<Integer, CpuTimes> out = new LinkedHashMap<>();
        for (String line : procStat.split("\n")) {
            if (!line.startsWith("cpu") || line.startsWith("cpu ")) {
                continue;
            }
            String[] f = line.strip().split("\\s+");
            try {
                int cpu = Integer.parseInt(f[0].substring(3));
                long total = 0;
                // user nice system idle iowait irq softirq steal; guest time is already inside user.
                for (int i = 1; i < Math.min(f.length, 9); i++) {
                    total += Long.parseLong(f[i]);
                }
                long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
                out.put(cpu, new CpuTimes(total - idle, total));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                // A line of an unknown layout: skip it, keep the rest.
            }
        }
        return out;
    }

    /** What the probe needs of /proc/PID/stat: name, parent, and CPU time in clock ticks. */
    public record ProcStat(long pid, String comm, long ppid, long cpuTicks) {}

    /** Parses /proc/PID/stat; the name sits in parentheses and may itself contain spaces and ')'. */
    public static Optional<ProcStat> procStat(String text) {
        int open = text.indexOf('(');
        int close = text.lastIndexOf(')');
        if (open < 0 || close < open) {
            return Optional.empty();
        }
        String[] rest = text.substring(close + 1).strip().split("\\s+");
        try {
            long pid = Long.parseLong(text.substring(0, open).strip());
            // After the name: state(0) ppid(1) ... utime(11) stime(12).
            return Optional.of(new ProcStat(
                    pid,
                    text.substring(open + 1, close),
                    Long.parseLong(rest[1]),
                    Long.parseLong(rest[11]) + Long.parseLong(rest[12])));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }

    /** The selected word of a sysfs choice file: "always [madvise] never" gives "madvise". */
    public static String selected(String choices) {
        int open = choices.indexOf('[');
        int close = choices.indexOf(']', open + 1);
        return open >= 0 && close > open ? choices.substring(open + 1, close) : choices.strip();
    }

    /** A kernel CPU list ("0-3,8,10-11") as sorted numbers; throws IllegalArgumentException when malformed. */
    public static List<Integer> cpuList(String list) {
        TreeSet<Integer> cpus = new TreeSet<>();
        String s = list.strip();
        if (s.isEmpty()) {
            return List.of();
        }
        for (String part : s.split(",", -1)) {
            String p = part.strip();
            if (p.isEmpty()) {
                throw new IllegalArgumentException("empty item in CPU list '" + s + "'");
            }
            int dash = p.indexOf('-');
            try {
                int lo = Integer.parseInt(dash < 0 ? p : p.substring(0, dash).strip());
                int hi = dash < 0 ? lo : Integer.parseInt(p.substring(dash + 1).strip());
                if (lo < 0 || hi < lo || hi - lo > 65536) {
                    throw new IllegalArgumentException("bad CPU range '" + p + "'");
                }
                for (int c = lo; c <= hi; c++) {
                    cpus.add(c);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad CPU number in '" + p + "'");
            }
        }
        return new ArrayList<>(cpus);
    }

    private static void put(Map<String, Object> m, String key, Long v) {
        if (v != null) {
            m.put(key, v);
        }
    }
}
