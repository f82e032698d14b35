package dev.overhead.sysinfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The sections read from files alone (no commands): each absent piece is simply left out. */
final class MachineSections {
    private MachineSections() {}

    static final String CPU = "/sys/devices/system/cpu";

    static Map<String, Object> cpu(Host host) {
        Map<String, Object> cpu = host.readRaw("/proc/cpuinfo")
                .map(CpuInfo::parse)
                .map(m -> (Map<String, Object>) new LinkedHashMap<>(m))
                .orElseGet(LinkedHashMap::new);
        List<Integer> online = onlineCpus(host);
        if (!online.isEmpty()) {
            cpu.put("online_cpus", online.size());
        }
        if (!cpu.containsKey("sockets")) {
            List<CpuInfo.Place> places = new ArrayList<>();
            for (int n : online) {
                Optional<Long> pkg = host.readLong(CPU + "/cpu" + n + "/topology/physical_package_id");
                Optional<Long> core = host.readLong(CPU + "/cpu" + n + "/topology/core_id");
                if (pkg.isEmpty() || core.isEmpty()) {
                    places.clear();
                    break;
                }
                places.add(new CpuInfo.Place(pkg.get(), core.get()));
            }
            cpu.putAll(CpuInfo.topology(places));
        }
        Map<String, Object> caches = caches(host);
        if (!caches.isEmpty()) {
            cpu.put("cache", caches);
        }
        return cpu;
    }

    static List<Integer> onlineCpus(Host host) {
        try {
            return host.read(CPU + "/online").map(ProcText::cpuList).orElse(List.of());
        } catch (IllegalArgumentException e) {
            return List.of();
        }
    }

    /** cpu0's caches from sysfs: l1d_kib, l1i_kib, l2_kib, l3_kib. */
    static Map<String, Object> caches(Host host) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String index : host.list(CPU + "/cpu0/cache")) {
            String dir = CPU + "/cpu0/cache/" + index;
            Optional<String> level = host.read(dir + "/level");
            Optional<String> type = host.read(dir + "/type");
            Optional<Long> kib = host.read(dir + "/size").map(Sizes::kib);
            if (level.isPresent() && type.isPresent() && kib.isPresent()) {
                String suffix = switch (type.get()) {
                    case "Data" -> "d";
                    case "Instruction" -> "i";
                    default -> "";
                };
                m.put("l" + level.get() + suffix + "_kib", kib.get());
            }
        }
        return m;
    }

    static Map<String, Object> numa(Host host) {
        Map<String, Object> numa = new LinkedHashMap<>();
        List<String> nodes = host.list("/sys/devices/system/node").stream()
                .filter(n -> n.matches("node\\d+"))
                .toList();
        if (nodes.isEmpty()) {
            return numa;
        }
        numa.put("nodes", nodes.size());
        Map<String, Object> cpus = new LinkedHashMap<>();
        nodes.forEach(
                n -> host.read("/sys/devices/system/node/" + n + "/cpulist").ifPresent(l -> cpus.put(n, l)));
        numa.put("cpus", cpus);
        return numa;
    }

    static Map<String, Object> kernel(Host host) {
        Map<String, Object> k = new LinkedHashMap<>();
        host.read("/proc/sys/kernel/osrelease").ifPresent(v -> k.put("release", v));
        host.read("/proc/sys/kernel/version").ifPresent(v -> k.put("version", v));
        host.read("/proc/sys/kernel/arch").ifPresent(v -> k.put("arch", v));
        host.read("/proc/cmdline").ifPresent(v -> k.put("cmdline", v));
        return k;
    }

    static Map<String, Object> frequency(Host host, List<Integer> online) {
        Map<String, Object> f = new LinkedHashMap<>();
        String c0 = CPU + "/cpu" + (online.isEmpty() ? 0 : online.getFirst()) + "/cpufreq/";
        host.read(c0 + "scaling_driver").ifPresent(v -> f.put("driver", v));
        Set<String> governors = new LinkedHashSet<>();
        for (int n : online.isEmpty() ? List.of(0) : online) {
            host.read(CPU + "/cpu" + n + "/cpufreq/scaling_governor").ifPresent(governors::add);
        }
        if (governors.size() == 1) {
            f.put("governor", governors.iterator().next());
        } else if (!governors.isEmpty()) {
            f.put("governor", String.join(",", governors));
        }
        host.readLong(c0 + "cpuinfo_min_freq").ifPresent(v -> f.put("min_khz", v));
        host.readLong(c0 + "cpuinfo_max_freq").ifPresent(v -> f.put("max_khz", v));
        host.readLong(c0 + "scaling_min_freq").ifPresent(v -> f.put("scaling_min_khz", v));
        host.readLong(c0 + "scaling_max_freq").ifPresent(v -> f.put("scaling_max_khz", v));
        host.read(c0 + "energy_performance_preference").ifPresent(v -> f.put("energy_performance_preference", v));
        host.read(CPU + "/intel_pstate/status").ifPresent(v -> f.put("intel_pstate", v));
        host.read(CPU + "/amd_pstate/status").ifPresent(v -> f.put("amd_pstate", v));
        // intel_pstate has its own switch (no_turbo); acpi-cpufreq and amd-pstate use cpufreq/boost.
        Optional<Long> noTurbo = host.readLong(CPU + "/intel_pstate/no_turbo");
        Optional<Long> boost = host.readLong(CPU + "/cpufreq/boost").or(() -> host.readLong(c0 + "boost"));
        if (noTurbo.isPresent()) {
            f.put("turbo", noTurbo.get() == 0);
            f.put("turbo_source", "intel_pstate/no_turbo");
        } else if (boost.isPresent()) {
            f.put("turbo", boost.get() != 0);
            f.put("turbo_source", "cpufreq/boost");
        }
        return f;
    }

    static Map<String, Object> smt(Host host) {
        Map<String, Object> s = new LinkedHashMap<>();
        host.read(CPU + "/smt/control").ifPresent(v -> s.put("control", v));
        host.readLong(CPU + "/smt/active").ifPresent(v -> s.put("active", v != 0));
        return s;
    }

    static Map<String, Object> security(Host host) {
        Map<String, Object> s = new LinkedHashMap<>();
        host.readLong("/proc/sys/kernel/randomize_va_space").ifPresent(v -> s.put("aslr", v));
        Map<String, Object> vulns = new LinkedHashMap<>();
        for (String name : host.list(CPU + "/vulnerabilities")) {
            host.read(CPU + "/vulnerabilities/" + name).ifPresent(v -> vulns.put(name, v));
        }
        if (!vulns.isEmpty()) {
            s.put("vulnerabilities", vulns);
        }
        return s;
    }

    /** Sysctls that change results, under their sysctl names. */
    static Map<String, Object> sysctl(Host host) {
        Map<String, Object> s = new LinkedHashMap<>();
        for (String name : List.of(
                "kernel.randomize_va_space",
                "kernel.perf_event_paranoid",
                "kernel.nmi_watchdog",
                "kernel.sched_autogroup_enabled",
                "vm.max_map_count",
                "vm.swappiness",
                "vm.overcommit_memory")) {
            String file = "/proc/sys/" + name.replace('.', '/');
            host.read(file)
                    .ifPresent(v ->
                            s.put(name, Host.parseLong(v).<Object>map(x -> x).orElse(v)));
        }
        return s;
    }

    static Map<String, Object> thp(Host host) {
        Map<String, Object> t = new LinkedHashMap<>();
        String dir = "/sys/kernel/mm/transparent_hugepage/";
        host.read(dir + "enabled").ifPresent(v -> t.put("enabled", ProcText.selected(v)));
        host.read(dir + "defrag").ifPresent(v -> t.put("defrag", ProcText.selected(v)));
        return t;
    }
}
