package dev.overhead.sysinfo;

import java.util.Locale;

/** Size strings of /proc and /sys ("1024 KB", "32K", "12288K", "1M") in KiB. */
final class Sizes {
    private Sizes() {}

    static Long kib(String text) {
        String s = text.strip().toUpperCase(Locale.ROOT).replace(" ", "");
        long factor = 1;
        if (s.endsWith("KB") || s.endsWith("K")) {
            s = s.substring(0, s.indexOf('K'));
        } else if (s.endsWith("MB") || s.endsWith("M")) {
            s = s.substring(0, s.indexOf('M'));
            factor = 1024;
        } else if (s.endsWith("GB") || s.endsWith("G")) {
            s = s.substring(0, s.indexOf('G'));
            factor = 1024 * 1024;
        } else {
            return Host.parseLong(s).map(b -> b / 1024).orElse(null);
        }
        long f = factor;
        return Host.parseLong(s).map(n -> n * f).orElse(null);
    }
}
