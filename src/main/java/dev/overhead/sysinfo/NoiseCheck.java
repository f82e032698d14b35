package dev.overhead.sysinfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What in an environment (as {@link EnvironmentProbe} records it) makes measurements noisy, as
 * sentences for reports. Pure: the same map gives the same warnings, so stored studies can be re-checked.
 */
public final class NoiseCheck {
    private NoiseCheck() {}

    static final int FEW_CPUS = 4;
    /** A process busier than this at the start (percent of one CPU) is named. */
    static final double BUSY_PROCESS_PCT = 20.0;

    public static List<String> warnings(Map<String, Object> env) {
        List<String> w = new ArrayList<>();
        text(env, "frequency", "governor")
                .filter(g -> !g.equals("performance"))
                .ifPresent(g -> w.add("The CPU frequency governor is '" + g
                        + "', not 'performance': clock speed changes with load."));
        bool(env, "frequency", "turbo")
                .filter(t -> t)
                .ifPresent(t ->
                        w.add("Turbo boost is on: the clock depends on temperature and on how many cores are busy."));
        if (bool(env, "virtualization", "virtual_machine").orElse(false)) {
            String kind = text(env, "virtualization", "systemd_detect_virt")
                    .filter(k -> !k.equals("none") && !(k.equals("docker") || k.equals("podman") || k.equals("lxc")))
                    .map(k -> " (" + k + ")")
                    .orElse("");
            w.add("This is a virtual machine" + kind + ": other guests on the host take CPU time and cache.");
        }
        Optional<Long> cpus = number(env, "cpu", "online_cpus")
                .or(() -> number(env, "cpu", "logical_cpus"))
                .map(Number::longValue);
        cpus.filter(n -> n < FEW_CPUS)
                .ifPresent(n -> w.add("Only " + n + (n == 1 ? " CPU is" : " CPUs are")
                        + " online: the measured command shares them with overhead and the system."));
        Optional<Double> load = number(env, "load", "load_1m").map(Number::doubleValue);
        if (load.isPresent() && load.get() > highLoad(cpus.orElse(1L))) {
            w.add(String.format(
                    Locale.ROOT,
                    "The load average was %.2f at the start on %d CPU%s: other work competes"
                            + " with the measured command.",
                    load.get(),
                    cpus.orElse(1L),
                    cpus.orElse(1L) == 1 ? "" : "s"));
        }
        if (section(env, "load").get("busiest") instanceof List<?> busiest) {
            for (Object o : busiest) {
                if (o instanceof Map<?, ?> p
                        && p.get("cpu_pct") instanceof Number pct
                        && pct.doubleValue() >= BUSY_PROCESS_PCT) {
                    w.add(String.format(
                            Locale.ROOT,
                            "Process %s (%s) was using %.0f%% of a CPU at the start.",
                            p.get("pid"),
                            p.get("command"),
                            pct.doubleValue()));
                }
            }
        }
        number(env, "memory", "swap_used_kib")
                .map(Number::longValue)
                .filter(k -> k > 0)
                .ifPresent(k -> w.add(String.format(
                        Locale.ROOT,
                        "%.1f MiB of swap is in use: a run that touches swapped pages waits for" + " the disk.",
                        k / 1024.0)));
        return w;
    }

    /** Load above which the machine is busy before we start: a quarter of the CPUs, at least 1. */
    static double highLoad(long cpus) {
        return Math.max(1.0, cpus / 4.0);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> section(Map<String, Object> env, String name) {
        return env.get(name) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    static Optional<String> text(Map<String, Object> env, String section, String key) {
        return Optional.ofNullable(section(env, section).get(key)).map(Object::toString);
    }

    static Optional<Boolean> bool(Map<String, Object> env, String section, String key) {
        return section(env, section).get(key) instanceof Boolean b ? Optional.of(b) : Optional.empty();
    }

    static Optional<Number> number(Map<String, Object> env, String section, String key) {
        return section(env, section).get(key) instanceof Number n ? Optional.of(n) : Optional.empty();
    }
}
