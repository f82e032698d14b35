package dev.overhead.sysinfo;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Which environment variables are recorded with a study: an allow-list of those that change how
 * programs run (locale, loader, allocator, threading), plus the names the variants set. Everything else,
 * and anything that looks like a secret even when asked for, stays out of the store and the reports.
 */
public final class EnvVars {
    private EnvVars() {}

    static final Set<String> NAMES = Set.of(
            "LANG",
            "LANGUAGE",
            "TZ",
            "PATH",
            "SHELL",
            "TERM",
            "LD_PRELOAD",
            "LD_LIBRARY_PATH",
            "LD_BIND_NOW",
            "LD_AUDIT",
            "LD_HWCAP_MASK",
            "GLIBC_TUNABLES",
            "MALLOC_CONF",
            "MIMALLOC_OPTIONS",
            "TCMALLOC_RELEASE_RATE",
            "OMP_NUM_THREADS",
            "OMP_PROC_BIND",
            "OMP_PLACES",
            "OMP_SCHEDULE",
            "OMP_WAIT_POLICY",
            "MKL_NUM_THREADS",
            "OPENBLAS_NUM_THREADS",
            "GOMAXPROCS",
            "GOGC",
            "GODEBUG",
            "JAVA_HOME",
            "JAVA_TOOL_OPTIONS",
            "JDK_JAVA_OPTIONS",
            "_JAVA_OPTIONS",
            "PYTHONHASHSEED",
            "PYTHONOPTIMIZE",
            "NODE_OPTIONS",
            "RUSTFLAGS",
            "CFLAGS",
            "CXXFLAGS",
            "LDFLAGS",
            "ASAN_OPTIONS",
            "UBSAN_OPTIONS",
            "TSAN_OPTIONS",
            "MSAN_OPTIONS");

    /** Prefixes of allowed families (LC_ALL, LC_NUMERIC, MALLOC_ARENA_MAX, MIMALLOC_..., JE_MALLOC_...). */
    static final List<String> PREFIXES =
            List.of("LC_", "MALLOC_", "MIMALLOC_", "JE_MALLOC_", "TCMALLOC_", "OMP_", "KMP_");

    /** Names that are secrets however they were asked for: never recorded. */
    private static final Pattern SECRET = Pattern.compile(
            "TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|PRIVATE|API_?KEY|ACCESS_KEY|AUTH|SESSION|COOKIE",
            Pattern.CASE_INSENSITIVE);

    /**
     * The variables to record, sorted by name.
     *
     * @param processEnv the harness's environment (or the variant's, merged)
     * @param extraNames the names the variants set, recorded as well
     */
    public static Map<String, String> recorded(Map<String, String> processEnv, Set<String> extraNames) {
        Map<String, String> out = new TreeMap<>();
        processEnv.forEach((name, value) -> {
            if (value != null && !isSecret(name) && (allowed(name) || extraNames.contains(name))) {
                out.put(name, value);
            }
        });
        return out;
    }

    static boolean allowed(String name) {
        return NAMES.contains(name) || PREFIXES.stream().anyMatch(name::startsWith);
    }

    public static boolean isSecret(String name) {
        return SECRET.matcher(name.toUpperCase(Locale.ROOT)).find();
    }
}
