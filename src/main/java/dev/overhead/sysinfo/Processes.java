package dev.overhead.sysinfo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The busiest other processes: CPU time each used between two snapshots of /proc/PID/stat. */
final class Processes {
    private Processes() {}

    /** USER_HZ, the unit of /proc/PID/stat times; 100 on every Linux architecture overhead runs on. */
    static final double TICKS_PER_SECOND = 100.0;

    static Map<Long, ProcText.ProcStat> snapshot(Host host) {
        Map<Long, ProcText.ProcStat> out = new LinkedHashMap<>();
        for (String name : host.list("/proc")) {
            if (!name.isEmpty() && name.chars().allMatch(Character::isDigit)) {
                host.readRaw("/proc/" + name + "/stat")
                        .flatMap(ProcText::procStat)
                        .ifPresent(s -> out.put(s.pid(), s));
            }
        }
        return out;
    }

    /**
     * Up to {@code limit} processes that used CPU between the snapshots, busiest first, as
     * {pid, command, cpu_pct} (100 = one whole CPU); this process and its children are left out.
     */
    static List<Map<String, Object>> busiest(
            Map<Long, ProcText.ProcStat> before,
            Map<Long, ProcText.ProcStat> after,
            long selfPid,
            double seconds,
            int limit) {
        record Use(ProcText.ProcStat stat, long ticks) {}
        List<Use> uses = new ArrayList<>();
        for (ProcText.ProcStat now : after.values()) {
            ProcText.ProcStat then = before.get(now.pid());
            if (then == null || now.pid() == selfPid || now.ppid() == selfPid) {
                continue;
            }
            long ticks = now.cpuTicks() - then.cpuTicks();
            if (ticks > 0) {
                uses.add(new Use(now, ticks));
            }
        }
        uses.sort(Comparator.comparingLong(Use::ticks)
                .reversed()
                .thenComparingLong(u -> u.stat().pid()));
        List<Map<String, Object>> out = new ArrayList<>();
        for (Use u : uses.subList(0, Math.min(limit, uses.size()))) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("pid", u.stat().pid());
            p.put("command", u.stat().comm());
            p.put("cpu_pct", seconds > 0 ? Math.round(u.ticks() / TICKS_PER_SECOND / seconds * 1000) / 10.0 : 0.0);
            out.add(p);
        }
        return out;
    }
}
