package dev.overhead.sysinfo;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What this machine is, as the nested map a study stores ({@code "environment": {...}}): top-level
 * keys cpu, memory, numa, kernel, os, libc, compilers, virtualization, frequency, smt, security, sysctl,
 * thp, perf, load, tools, env_vars, probed_at. A field the machine does not expose is left out.
 *
 * <p>The commands (compilers, libc, systemd-detect-virt, perf) run in parallel while the files are
 * read, and the busiest processes are measured over the same 100 ms, which is the floor: 130-150 ms
 * measured here with the machine at load 2.5, more when it is busier or on a cold JVM.
 */
public final class EnvironmentProbe {
    static final Duration COMMAND_TIMEOUT = Duration.ofMillis(1500);
    private static final Set<String> CONTAINERS = Set.of(
            "docker",
            "podman",
            "lxc",
            "lxc-libvirt",
            "systemd-nspawn",
            "openvz",
            "rkt",
            "wsl",
            "proot",
            "pouch",
            "container-other");
    private static final List<String> VM_PRODUCTS = List.of(
            "VirtualBox",
            "VMware",
            "KVM",
            "QEMU",
            "Standard PC",
            "HVM domU",
            "Virtual Machine",
            "Google Compute Engine",
            "Bochs",
            "BHYVE",
            "OpenStack",
            "Parallels");

    private final Host host;
    private final CommandRunner runner;
    private final Map<String, String> processEnv;
    private final long selfPid;
    private final Duration sampleGap;

    public EnvironmentProbe(
            Host host, CommandRunner runner, Map<String, String> processEnv, long selfPid, Duration sampleGap) {
        this.host = host;
        this.runner = runner;
        this.processEnv = Map.copyOf(processEnv);
        this.selfPid = selfPid;
        this.sampleGap = sampleGap;
    }

    /** The probe of the machine this JVM runs on. */
    public static EnvironmentProbe live() {
        Map<String, String> env = System.getenv();
        return new EnvironmentProbe(
                Host.live(),
                CommandRunner.live(env),
                env,
                ProcessHandle.current().pid(),
                Duration.ofMillis(100));
    }

    public Map<String, Object> probe() {
        return probe(Set.of());
    }

    /** @param extraEnvNames variables the variants set, recorded in env_vars besides the allow-list */
    public Map<String, Object> probe(Set<String> extraEnvNames) {
        long start = System.nanoTime();
        Map<Long, ProcText.ProcStat> before = Processes.snapshot(host);
        List<String> pmus = PerfCounters.pmus(host);
        boolean perfTool = runner.available("perf");
        Map<String, List<String>> commands = new LinkedHashMap<>();
        commands.put("virt", List.of("systemd-detect-virt"));
        commands.put("getconf", List.of("getconf", "GNU_LIBC_VERSION"));
        commands.put("ldd", List.of("ldd", "--version"));
        commands.put("gcc", List.of("gcc", "--version"));
        commands.put("clang", List.of("clang", "--version"));
        if (!pmus.isEmpty() && perfTool) {
            commands.put("perf", PerfCounters.PERF_STAT);
        }
        Supplier<Map<String, String>> pending = runner.startAll(commands, COMMAND_TIMEOUT);

        Map<String, Object> env = new LinkedHashMap<>();
        Map<String, Object> cpu = MachineSections.cpu(host);
        List<Integer> online = MachineSections.onlineCpus(host);
        put(env, "cpu", cpu);
        put(env, "memory", host.readRaw("/proc/meminfo").map(ProcText::memory).orElse(Map.of()));
        put(env, "numa", MachineSections.numa(host));
        put(env, "kernel", MachineSections.kernel(host));
        put(
                env,
                "os",
                host.readRaw("/etc/os-release")
                        .or(() -> host.readRaw("/usr/lib/os-release"))
                        .map(ProcText::os)
                        .orElse(Map.of()));
        Map<String, Object> frequency = MachineSections.frequency(host, online);
        Map<String, Object> smt = MachineSections.smt(host);
        Map<String, Object> security = MachineSections.security(host);
        Map<String, Object> sysctl = MachineSections.sysctl(host);
        Map<String, Object> thp = MachineSections.thp(host);
        Map<String, Object> load = new LinkedHashMap<>(
                host.read("/proc/loadavg").map(ProcText::loadavg).orElse(Map.of()));

        Map<String, String> out = pending.get();
        sleepUntil(start + sampleGap.toNanos());
        long elapsed = System.nanoTime() - start;
        List<Map<String, Object>> busiest =
                Processes.busiest(before, Processes.snapshot(host), selfPid, elapsed / 1e9, 5);
        load.put("busiest", busiest);

        put(env, "libc", Versions.libc(out.get("getconf"), out.get("ldd")));
        Map<String, Object> compilers = new LinkedHashMap<>();
        put(
                compilers,
                "gcc",
                Optional.ofNullable(out.get("gcc")).map(Versions::gcc).orElse(Map.of()));
        put(
                compilers,
                "clang",
                Optional.ofNullable(out.get("clang")).map(Versions::clang).orElse(Map.of()));
        put(env, "compilers", compilers);
        put(env, "virtualization", virtualization(cpu, out.get("virt")));
        put(env, "frequency", frequency);
        put(env, "smt", smt);
        put(env, "security", security);
        put(env, "sysctl", sysctl);
        put(env, "thp", thp);
        Optional<Long> paranoid = host.readLong("/proc/sys/kernel/perf_event_paranoid");
        env.put("perf", PerfCounters.availability(pmus, perfTool, paranoid, Optional.ofNullable(out.get("perf"))));
        put(env, "load", load);
        env.put("tools", tools());
        env.put("env_vars", new LinkedHashMap<>(EnvVars.recorded(processEnv, extraEnvNames)));
        env.put("probed_at", Instant.now().toString());
        return env;
    }

    private Map<String, Object> virtualization(Map<String, Object> cpu, String detectVirt) {
        Map<String, Object> v = new LinkedHashMap<>();
        Object flag = cpu.get("hypervisor_flag");
        if (flag != null) {
            v.put("hypervisor_flag", flag);
        }
        String detected = detectVirt == null ? null : Versions.firstLine(detectVirt);
        if (detected != null && !detected.isEmpty() && !detected.contains(" ")) {
            v.put("systemd_detect_virt", detected);
        }
        host.read("/sys/hypervisor/type").ifPresent(t -> v.put("hypervisor_type", t));
        Optional<String> product = host.read("/sys/class/dmi/id/product_name");
        Optional<String> vendor = host.read("/sys/class/dmi/id/sys_vendor");
        product.ifPresent(p -> v.put("product_name", p));
        vendor.ifPresent(p -> v.put("sys_vendor", p));
        boolean detectedVm = detected != null
                && !detected.isEmpty()
                && !detected.equals("none")
                && !CONTAINERS.contains(detected)
                && !detected.contains(" ");
        boolean dmiVm = product.or(() -> vendor)
                .map(p -> VM_PRODUCTS.stream().anyMatch(p::contains))
                .orElse(false);
        v.put("virtual_machine", Boolean.TRUE.equals(flag) || detectedVm || v.containsKey("hypervisor_type") || dmiVm);
        if (detected != null && CONTAINERS.contains(detected)) {
            v.put("container", detected);
        }
        return v;
    }

    static Map<String, Object> tools() {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("overhead", overheadVersion());
        Map<String, Object> java = new LinkedHashMap<>();
        java.put("version", Runtime.version().toString());
        java.put("vendor", System.getProperty("java.vendor", "unknown"));
        java.put("vm", System.getProperty("java.vm.name", "unknown"));
        t.put("java", java);
        return t;
    }

    /** From the model's ToolVersion, which depends on nothing else of the project. */
    static String overheadVersion() {
        return dev.overhead.model.ToolVersion.current();
    }

    private static void put(Map<String, Object> m, String key, Map<String, ?> section) {
        if (!section.isEmpty()) {
            m.put(key, section);
        }
    }

    private static void sleepUntil(long nanoTime) {
        long left = nanoTime - System.nanoTime();
        if (left > 0) {
            try {
                Thread.sleep(Duration.ofNanos(left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
