package dev.overhead.sysinfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Pure parsing of /proc/cpuinfo (x86 and ARM layouts) into the {@code cpu} section. */
public final class CpuInfo {
    private CpuInfo() {}

    /** One logical CPU's place: the package (socket) and the core within it. */
    public record Place(long packageId, long coreId) {}

    /** The cpu section: model, identification, counts and (x86) the hypervisor flag. */
    public static Map<String, Object> parse(String cpuinfo) {
        List<Map<String, String>> stanzas = stanzas(cpuinfo);
        List<Map<String, String>> processors =
                stanzas.stream().filter(s -> s.containsKey("processor")).toList();
        Map<String, String> first = processors.isEmpty() ? Map.of() : processors.getFirst();
        Map<String, String> board = new LinkedHashMap<>();
        stanzas.stream().filter(s -> !s.containsKey("processor")).forEach(board::putAll);

        Map<String, Object> cpu = new LinkedHashMap<>();
        String implementer = first.get("CPU implementer");
        String part = first.get("CPU part");
        if (first.containsKey("vendor_id")) {
            cpu.put("vendor", first.get("vendor_id"));
        } else if (implementer != null) {
            cpu.put("vendor", ArmParts.implementer(implementer));
        }
        String modelName = first.get("model name");
        if (modelName == null && implementer != null && part != null) {
            modelName = ArmParts.name(implementer, part);
        }
        putIfPresent(cpu, "model_name", modelName);
        putNumber(cpu, "family", first.get("cpu family"));
        putNumber(cpu, "model", first.get("model"));
        putNumber(cpu, "stepping", first.get("stepping"));
        putIfPresent(cpu, "microcode", first.get("microcode"));
        putIfPresent(cpu, "implementer", implementer);
        putIfPresent(cpu, "architecture", first.get("CPU architecture"));
        putIfPresent(cpu, "variant", first.get("CPU variant"));
        putIfPresent(cpu, "part", part);
        putIfPresent(cpu, "revision", first.get("CPU revision"));
        putIfPresent(cpu, "hardware", board.get("Hardware"));
        putIfPresent(cpu, "board", board.get("Model"));
        if (!processors.isEmpty()) {
            cpu.put("logical_cpus", processors.size());
        }
        List<Place> places = new ArrayList<>();
        for (Map<String, String> p : processors) {
            Long pkg = number(p.get("physical id"));
            Long core = number(p.get("core id"));
            if (pkg == null || core == null) {
                places.clear();
                break;
            }
            places.add(new Place(pkg, core));
        }
        cpu.putAll(topology(places));
        String cache = first.get("cache size");
        if (cache != null) {
            Long kib = Sizes.kib(cache);
            if (kib != null) {
                cpu.put("cache_size_kib", kib);
            }
        }
        String flags = first.getOrDefault("flags", first.get("Features"));
        if (flags != null && first.containsKey("flags")) {
            cpu.put("hypervisor_flag", Set.of(flags.split("\\s+")).contains("hypervisor"));
        }
        putIfPresent(cpu, "bugs", first.get("bugs"));
        return cpu;
    }

    /** Sockets, physical cores and threads per core from each logical CPU's place; empty when unknown. */
    public static Map<String, Object> topology(List<Place> places) {
        Map<String, Object> t = new LinkedHashMap<>();
        if (places.isEmpty()) {
            return t;
        }
        Set<Long> packages = new LinkedHashSet<>();
        Set<Place> cores = new LinkedHashSet<>(places);
        places.forEach(p -> packages.add(p.packageId()));
        t.put("sockets", packages.size());
        t.put("cores", cores.size());
        t.put("threads_per_core", places.size() / cores.size());
        return t;
    }

    /** Blank-line separated blocks of {@code key : value} lines. */
    static List<Map<String, String>> stanzas(String text) {
        List<Map<String, String>> out = new ArrayList<>();
        Map<String, String> current = new LinkedHashMap<>();
        for (String line : text.split("\n", -1)) {
            int colon = line.indexOf(':');
            if (line.isBlank()) {
                if (!current.isEmpty()) {
                    out.add(current);
                    current = new LinkedHashMap<>();
                }
            } else if (colon > 0) {
                current.putIfAbsent(
                        line.substring(0, colon).strip(),
                        line.substring(colon + 1).strip());
            }
        }
        if (!current.isEmpty()) {
            out.add(current);
        }
        return out;
    }

    private static void putIfPresent(Map<String, Object> m, String key, String value) {
        if (value != null && !value.isEmpty()) {
            m.put(key, value);
        }
    }

    private static void putNumber(Map<String, Object> m, String key, String value) {
        Long n = number(value);
        if (n != null) {
            m.put(key, n);
        }
    }

    private static Long number(String value) {
        return value == null ? null : Host.parseLong(value).orElse(null);
    }
}
