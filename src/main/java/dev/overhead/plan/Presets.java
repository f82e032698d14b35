package dev.overhead.plan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The variant presets: allocators by {@code LD_PRELOAD} found in the standard library folders,
 * glibc's debugging tunables, and wrappers (tracers, an emulator, ASLR off). Each is looked up on
 * this machine, and one that cannot be used here says why and what to install, before anything runs.
 * What a preset needs from the machine is checked the same way (hardened_malloc and
 * {@code vm.max_map_count}: seed 000's build crashed until it was raised).
 */
public final class Presets {
    /** hardened_malloc's README asks for this much; the kernel's default is 65530. */
    static final long HARDENED_MAP_COUNT = 1_048_576;

    /**
     * What the presets ask of the machine: plan only decides from the answers (it starts nothing and reads no
     * file of the machine); study.LivePresets gives the real machine's, tests their own.
     */
    public record Machine(
            Function<String, Optional<Path>> library,
            Predicate<String> program,
            Function<String, Optional<String>> sysctl,
            Predicate<List<String>> runs,
            String cpuFlags,
            List<String> libraryFolders) {

        /**
         * A machine with nothing on it: every preset unavailable, for plans read without a look at the machine
         * (study.LivePresets reads the real one).
         */
        public static final Machine NOTHING =
                new Machine(f -> Optional.empty(), p -> false, k -> Optional.empty(), argv -> false, "", List.of());
    }

    private final Map<String, Preset> byName = new LinkedHashMap<>();

    private Presets(Machine m) {
        allocator(m, "jemalloc", "jemalloc (FreeBSD's, Facebook's)", "libjemalloc2", "libjemalloc.so.2");
        allocator(m, "mimalloc", "Microsoft's mimalloc", "libmimalloc2.0", "libmimalloc.so.2");
        allocator(
                m,
                "tcmalloc",
                "Google's tcmalloc (minimal)",
                "libtcmalloc-minimal4",
                "libtcmalloc_minimal.so.4",
                "libtcmalloc.so.4");
        hardened(m, "hardened_malloc", "libhardened_malloc.so", "GrapheneOS's hardened_malloc (default build)");
        hardened(
                m,
                "hardened_malloc-light",
                "libhardened_malloc-light.so",
                "GrapheneOS's hardened_malloc, light build (fewer checks)");
        allocator(
                m,
                "scudo",
                "LLVM's scudo hardened allocator",
                "libclang-rt-dev (or your LLVM's compiler-rt)",
                "libscudo.so",
                "libclang_rt.scudo_standalone-" + arch() + ".so");

        Optional<Path> debug = m.library().apply("libc_malloc_debug.so.0");
        put(
                "malloc-check",
                "glibc",
                "glibc's checking malloc, MALLOC_CHECK_=3 (glibc 2.34 and later need libc_malloc_debug preloaded)",
                debug.map(p -> Map.of("MALLOC_CHECK_", "3", "LD_PRELOAD", p.toString()))
                        .orElse(Map.of("MALLOC_CHECK_", "3")),
                List.of(),
                debug.isPresent()
                        ? null
                        : "libc_malloc_debug.so.0 is not in the library folders (glibc older than 2.34 needs none:"
                                + " then write -V 'check: MALLOC_CHECK_=3')");
        put(
                "perturb",
                "glibc",
                "glibc malloc fills allocated and freed memory with a byte (glibc.malloc.perturb=165)",
                Map.of("GLIBC_TUNABLES", "glibc.malloc.perturb=165"),
                List.of(),
                null);
        put(
                "tcache-off",
                "glibc",
                "glibc malloc without its per-thread cache (glibc.malloc.tcache_count=0)",
                Map.of("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0"),
                List.of(),
                null);
        put(
                "mem-tagging",
                "glibc",
                "glibc memory tagging of heap allocations (glibc.mem.tagging=1; arm64 MTE)",
                Map.of("GLIBC_TUNABLES", "glibc.mem.tagging=1"),
                List.of(),
                (" " + m.cpuFlags() + " ").contains(" mte ")
                        ? null
                        : "this CPU has no memory tagging (MTE, an arm64 feature): the tunable would change nothing");

        wrapper(
                m,
                "strace",
                "strace following forks, every system call traced",
                "strace",
                List.of("strace", "-f", "-o", "/dev/null"));
        List<String> seccomp = List.of("strace", "-f", "--seccomp-bpf", "-e", "trace=%process", "-o", "/dev/null");
        wrapper(
                m,
                "strace-seccomp",
                "strace with a seccomp-bpf filter: only process system calls stop the command",
                "strace",
                seccomp);
        if (get("strace-seccomp").available()) {
            List<String> probe = new ArrayList<>(seccomp);
            probe.add("true");
            if (!m.runs().test(probe)) {
                Preset p = get("strace-seccomp");
                put(
                        p.name(),
                        p.kind(),
                        p.description(),
                        p.env(),
                        p.prefix(),
                        "this strace or kernel cannot filter with seccomp-bpf (strace 5.3 and Linux 5.0 or later"
                                + " needed, and ptrace allowed)");
            }
        }
        wrapper(
                m,
                "ltrace",
                "ltrace following forks, every library call traced",
                "ltrace",
                List.of("ltrace", "-f", "-o", "/dev/null"));
        wrapper(
                m,
                "valgrind",
                "valgrind --tool=none: the emulator alone, a reference point for instrumentation cost",
                "valgrind",
                List.of("valgrind", "--tool=none", "-q"));
        wrapper(
                m,
                "no-aslr",
                "address space layout randomisation off for the command (setarch -R)",
                "util-linux",
                List.of("setarch", "-R"));
    }

    public static Presets of(Machine machine) {
        return new Presets(machine);
    }

    public List<Preset> all() {
        return List.copyOf(byName.values());
    }

    public Optional<Preset> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    private Preset get(String name) {
        return byName.get(name);
    }

    /** The package of a wrapper preset that runs {@code program}, for "apt-get install ...". */
    public Optional<String> packageFor(String program) {
        String base = Path.of(program).getFileName().toString();
        return switch (base) {
            case "strace", "ltrace", "valgrind" -> Optional.of(base);
            default -> Optional.empty();
        };
    }

    private void put(
            String name, String kind, String description, Map<String, String> env, List<String> prefix, String why) {
        byName.put(name, new Preset(name, kind, description, env, prefix, why));
    }

    private void allocator(Machine m, String name, String what, String pkg, String... files) {
        Optional<Path> found = Optional.empty();
        for (String f : files) {
            found = m.library().apply(f);
            if (found.isPresent()) {
                break;
            }
        }
        put(
                name,
                "allocator",
                what + " by LD_PRELOAD",
                Map.of("LD_PRELOAD", found.map(Path::toString).orElse(files[0])),
                List.of(),
                found.isPresent()
                        ? null
                        : files[0] + " is not in the library folders (" + String.join(", ", m.libraryFolders())
                                + "): apt-get install " + pkg);
    }

    private void hardened(Machine m, String name, String file, String what) {
        Optional<Path> found = m.library().apply(file);
        String why = found.isPresent()
                ? null
                : file + " is not in the library folders, and Debian does not package it: build it from"
                        + " https://github.com/GrapheneOS/hardened_malloc and copy it to /usr/local/lib";
        if (why == null) {
            long count =
                    m.sysctl().apply("vm/max_map_count").map(Presets::parseLong).orElse(0L);
            if (count < HARDENED_MAP_COUNT) {
                why = "hardened_malloc needs vm.max_map_count of at least " + HARDENED_MAP_COUNT + " (it is " + count
                        + "; large programs crash with 'memory exhausted' below it): sysctl -w vm.max_map_count="
                        + HARDENED_MAP_COUNT;
            }
        }
        put(
                name,
                "allocator",
                what + " by LD_PRELOAD",
                Map.of("LD_PRELOAD", found.map(Path::toString).orElse(file)),
                List.of(),
                why);
    }

    private void wrapper(Machine m, String name, String description, String pkg, List<String> prefix) {
        put(
                name,
                "wrapper",
                description,
                Map.of(),
                prefix,
                m.program().test(prefix.getFirst())
                        ? null
                        : prefix.getFirst() + " is not installed: apt-get install " + pkg);
    }

    static String arch() {
        String a = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        return switch (a) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> a;
        };
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
