package dev.overhead.sysinfo;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Pure parsing of the version banners of the C library and the compilers. */
public final class Versions {
    private Versions() {}

    private static final Pattern GETCONF = Pattern.compile("^(glibc)\\s+(\\S+)", Pattern.MULTILINE);
    private static final Pattern LDD_GLIBC = Pattern.compile("^ldd \\((.*)\\)\\s+(\\S+)", Pattern.MULTILINE);
    private static final Pattern MUSL = Pattern.compile("musl libc.*\\R\\s*Version\\s+(\\S+)");
    private static final Pattern CLANG = Pattern.compile("clang version\\s+(\\S+)");
    private static final Pattern TRAILING_VERSION = Pattern.compile("(\\d+\\.\\d+(?:\\.\\d+)?)\\s*$");
    private static final Pattern GCC_VERSION = Pattern.compile("\\)\\s+(\\d+\\.\\d+(?:\\.\\d+)?)");

    /** The libc section from {@code getconf GNU_LIBC_VERSION} or, failing that, {@code ldd --version}. */
    public static Map<String, Object> libc(String getconf, String ldd) {
        Map<String, Object> m = new LinkedHashMap<>();
        Matcher g = GETCONF.matcher(getconf == null ? "" : getconf);
        if (g.find()) {
            m.put("name", g.group(1));
            m.put("version", g.group(2));
        }
        if (ldd != null) {
            Matcher l = LDD_GLIBC.matcher(ldd);
            Matcher musl = MUSL.matcher(ldd);
            if (l.find()) {
                m.putIfAbsent("name", "glibc");
                m.putIfAbsent("version", l.group(2));
                m.put("build", l.group(1));
            } else if (musl.find()) {
                m.put("name", "musl");
                m.put("version", musl.group(1));
            }
        }
        return m;
    }

    /** {"version": ..., "banner": first line} of {@code gcc --version}; empty when it is not gcc's. */
    public static Map<String, Object> gcc(String output) {
        String banner = firstLine(output);
        if (banner.isEmpty() || banner.contains("clang")) {
            return Map.of();
        }
        Matcher m = GCC_VERSION.matcher(banner);
        Matcher trailing = TRAILING_VERSION.matcher(banner);
        Optional<String> version = m.find()
                ? Optional.of(m.group(1))
                : trailing.find() ? Optional.of(trailing.group(1)) : Optional.empty();
        return version.map(v -> compiler(v, banner)).orElse(Map.of());
    }

    /** {"version": ..., "banner": first line} of {@code clang --version}. */
    public static Map<String, Object> clang(String output) {
        String banner = firstLine(output);
        Matcher m = CLANG.matcher(banner);
        return m.find() ? compiler(m.group(1), banner) : Map.of();
    }

    private static Map<String, Object> compiler(String version, String banner) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("version", version);
        c.put("banner", banner);
        return c;
    }

    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        String t = s.strip();
        int nl = t.indexOf('\n');
        return (nl < 0 ? t : t.substring(0, nl)).strip();
    }
}
