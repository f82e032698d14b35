package dev.overhead.sysinfo;

import dev.overhead.exec.Unmeasured;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The opt-in controls that touch the machine or need checking against it. {@code --pin}, {@code --nice}
 * and {@code --no-aslr} are applied by the exec package's spawner from ExecRequest; here they are only
 * parsed and validated, so a wrong value is refused before anything runs.
 */
public final class Controls {
    private Controls() {}

    static final String DROP_CACHES = "/proc/sys/vm/drop_caches";
    static final String NEEDS_ROOT = "--drop-caches needs root: run as root or drop the option.";

    /** Writes back dirty pages, then drops the page cache, dentries and inodes (echo 3). */
    public static void dropCaches() {
        dropCaches(Host.live());
    }

    static void dropCaches(Host host) {
        Path file = host.path(DROP_CACHES);
        if (!Files.exists(file) || !Files.isWritable(file)) {
            throw new ControlException(NEEDS_ROOT, false);
        }
        sync();
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write("3\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // Writable by mode but refused (a container without CAP_SYS_ADMIN, a read-only /proc/sys).
            throw new ControlException(NEEDS_ROOT, e);
        }
    }

    private static void sync() {
        try {
            Unmeasured.of("sync")
                    .stdout(Unmeasured.Output.INHERIT)
                    .stderr(Unmeasured.Output.INHERIT)
                    .timeout(java.time.Duration.ofSeconds(60))
                    .run();
        } catch (Unmeasured.NotStarted e) {
            // No sync program: dropping still frees clean pages, which is most of what matters.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The CPUs of {@code --pin}, checked against the CPUs online here. */
    public static List<Integer> parseCpuList(String spec) {
        return parseCpuList(spec, MachineSections.onlineCpus(Host.live()));
    }

    /**
     * Parses a CPU list like {@code 0-2,5} (sorted, no duplicates) and checks every CPU is online.
     *
     * @param online the online CPUs; empty when unknown, which skips that check
     */
    public static List<Integer> parseCpuList(String spec, List<Integer> online) {
        List<Integer> cpus;
        try {
            cpus = ProcText.cpuList(spec);
        } catch (IllegalArgumentException e) {
            cpus = List.of();
        }
        if (cpus.isEmpty()) {
            throw new ControlException(
                    "--pin '" + spec + "' is not a CPU list: give CPU numbers and ranges" + " like 0-2,5.", true);
        }
        if (!online.isEmpty()) {
            List<Integer> missing =
                    cpus.stream().filter(c -> !online.contains(c)).toList();
            if (!missing.isEmpty()) {
                throw new ControlException(
                        "--pin " + spec + ": CPU" + (missing.size() == 1 ? " " : "s ")
                                + join(missing) + (missing.size() == 1 ? " is" : " are") + " not online here (online: "
                                + join(online) + ").",
                        true);
            }
        }
        return cpus;
    }

    /** {@code --nice N}: the kernel's range is -20 (most favoured) to 19. */
    public static int validateNice(int nice) {
        if (nice < -20 || nice > 19) {
            throw new ControlException("--nice " + nice + " is outside -20..19: give a niceness in that range.", true);
        }
        return nice;
    }

    /** Compact form of a CPU list: 0-3,8. */
    static String join(List<Integer> cpus) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cpus.size(); i++) {
            int start = cpus.get(i);
            int end = start;
            while (i + 1 < cpus.size() && cpus.get(i + 1) == end + 1) {
                end = cpus.get(++i);
            }
            sb.append(sb.isEmpty() ? "" : ",").append(start).append(end > start ? "-" + end : "");
        }
        return sb.toString();
    }
}
