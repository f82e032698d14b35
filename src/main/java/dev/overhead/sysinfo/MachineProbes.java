package dev.overhead.sysinfo;

import dev.overhead.exec.Unmeasured;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the variant presets ask of this machine (plan.Presets decides from the answers, study.LivePresets hands
 * these to it): where the dynamic loader finds a library, a sysctl's value, the CPU's flags, and whether a short
 * probe command succeeds. Its twin of the fakes in PresetsTest is LivePresetsTest.
 */
public final class MachineProbes {
    private MachineProbes() {}

    /**
     * Where allocators are looked for: the folders of {@code LD_LIBRARY_PATH} first, as the dynamic loader searches
     * them first (a library built in a home directory, or a test's stand-in), then the standard ones.
     */
    public static List<String> libraryFolders() {
        String triplet = arch() + "-linux-gnu";
        List<String> folders = new ArrayList<>();
        String extra = System.getenv("LD_LIBRARY_PATH");
        if (extra != null) {
            for (String dir : extra.split(":")) {
                if (dir.startsWith("/") && !folders.contains(dir)) {
                    folders.add(dir);
                }
            }
        }
        folders.addAll(List.of(
                "/usr/local/lib",
                "/lib/" + triplet,
                "/usr/lib/" + triplet,
                "/lib64",
                "/usr/lib64",
                "/lib",
                "/usr/lib"));
        return folders;
    }

    public static Optional<Path> findLibrary(String file) {
        for (String dir : libraryFolders()) {
            Path p = Path.of(dir, file);
            if (Files.isRegularFile(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * A sysctl's value ({@code vm/max_map_count}), read in one large read at offset 0: {@code Files.readString}
     * reads the first byte alone of a file that reports size 0, and a {@code /proc/sys} file answers the read after
     * it with end of file, so 65530 read as "6" and 1048576 as "1" ({@code exec.KernelFiles} is the same,
     * kept apart from it so that sysinfo depends on model alone).
     */
    public static Optional<String> sysctl(String key) {
        try (java.io.FileInputStream in =
                new java.io.FileInputStream(Path.of("/proc/sys", key).toFile())) {
            return Optional.of(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The CPU's feature flags as /proc/cpuinfo lists them ("flags" on x86, "Features" on arm); "" where unknown. */
    public static String cpuFlags() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("flags") || line.startsWith("Features")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException e) {
            // no /proc/cpuinfo: no flags known
        }
        return "";
    }

    /** Whether a short probe command exits 0 within a few seconds (output discarded). */
    public static boolean succeeds(List<String> argv) {
        try {
            return Unmeasured.of(argv)
                    .stdout(Unmeasured.Output.DISCARD)
                    .stderr(Unmeasured.Output.DISCARD)
                    .timeout(java.time.Duration.ofSeconds(5))
                    .run()
                    .succeeded();
        } catch (Unmeasured.NotStarted e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The machine's architecture as Debian's multiarch triplets name it (x86_64, aarch64). */
    public static String arch() {
        String a = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        return switch (a) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> a;
        };
    }
}
