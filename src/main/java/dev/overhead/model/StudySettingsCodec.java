package dev.overhead.model;

import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Estimand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one written form of {@link StudySettings}: the object the store keeps (as JSON, through
 * {@code store.Codec}) and the JSON report shows as {@code study.options} (docs/cli.md), keyed by
 * the command-line names. It lives in {@code model}, not {@code store}, because {@code report}
 * renders it and {@code interop} reads it back from overhead's JSON, and neither may depend on the
 * store.
 *
 * <p>Reading is lenient, so that every store and file written before the settings were typed still
 * opens: {@code threshold} as {@code 1.0}, {@code "1%"} or {@code "1.0%"}; {@code confidence} as
 * {@code 0.95}, {@code 95} or {@code "95%"}; a key that is absent or unreadable takes its default.
 */
public final class StudySettingsCodec {
    private StudySettingsCodec() {}

    /** The settings as an ordered map of JSON values (numbers, strings, booleans, lists). */
    public static Map<String, Object> write(StudySettings s) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (s.stopping() instanceof Stopping.Unknown) {
            // overhead did not run it: nothing but where it came from is known
            putIf(m, "source", s.source());
            if (!s.sources().isEmpty()) {
                m.put("sources", s.sources());
            }
            return m;
        }
        // instanceof, not a switch on the type: each such switch spins a class at its first run, which every
        // report paid (docs/performance.md, "Start-up"); Unknown is handled above
        if (s.stopping() instanceof Stopping.Fixed f) {
            m.put("runs", f.runs());
        } else if (s.stopping() instanceof Stopping.Adaptive a) {
            m.put("min_runs", a.minRuns());
            m.put("max_runs", a.maxRuns());
            m.put("looks", a.looks().word());
            putIf(m, "precision", a.precisionPct());
            putIf(m, "precision_share", a.precisionShare());
        } else {
            throw new AssertionError("a stopping rule this codec does not write: " + s.stopping());
        }
        m.put("warmup", s.warmup());
        m.put("order", s.order().word());
        putIf(m, "seed", s.seed());
        m.put("primary", s.primary());
        putIf(m, "baseline", s.baseline());
        m.put("threshold", s.compare().thresholdPct());
        m.put("confidence", s.compare().confidence());
        if (s.compare().estimand() != Estimand.GEOMEAN) { // the default is not written, as studies before it
            m.put("estimand", s.compare().estimand().word());
        }
        putIf(m, "time_budget_s", seconds(s.timeBudget()));
        putIf(m, "timeout_s", seconds(s.timeout()));
        putIf(m, "prepare", s.prepare());
        m.put("ignore_failure", s.ignoreFailure());
        if (!s.cpus().isEmpty()) {
            m.put("pin", s.cpus());
        }
        putIf(m, "nice", s.nice());
        m.put("no_aslr", s.noAslr());
        m.put("drop_caches", s.dropCaches());
        if (s.counters()) { // only when asked, so that studies without counters record what they did before
            m.put("counters", true);
        }
        // The padding varied per round (run/LayoutPadding); padded to one size, the default, is said in the
        // study's notes, so that the settings of studies without the option read as they did before.
        if (s.randomizeLayout()) {
            m.put("layout", "randomized");
        }
        putIf(m, "source", s.source());
        if (!s.sources().isEmpty()) {
            m.put("sources", s.sources());
        }
        writeLevels(m, s.levels());
        return m;
    }

    /**
     * {@code levels: {build, link_order, boot}} and {@code boot: {switch, identify, variants: {name:
     * {kernel, initrd, cmdline}}}}, the plan's own keys; nothing for a study without levels, so its
     * settings read as before.
     */
    private static void writeLevels(Map<String, Object> m, Levels l) {
        if (!l.any()) {
            return;
        }
        Map<String, Object> levels = new LinkedHashMap<>();
        if (l.builds() > 0) {
            levels.put("build", l.builds());
            levels.put("link_order", l.shuffleLinks() ? "shuffle" : "keep");
        }
        if (l.boots() > 0) {
            levels.put("boot", l.boots());
        }
        m.put("levels", levels);
        if (l.boots() > 0) {
            Map<String, Object> boot = new LinkedHashMap<>();
            putIf(boot, "switch", l.bootSwitch());
            putIf(boot, "identify", l.identify());
            if (!l.targets().isEmpty()) {
                Map<String, Object> variants = new LinkedHashMap<>();
                l.targets().forEach((name, b) -> {
                    Map<String, Object> t = new LinkedHashMap<>();
                    t.put("kernel", b.kernel());
                    t.put("initrd", b.initrd());
                    t.put("cmdline", b.cmdline());
                    variants.put(name, t);
                });
                boot.put("variants", variants);
            }
            m.put("boot", boot);
        }
    }

    private static Levels readLevels(Object levels, Object boot) {
        if (!(levels instanceof Map<?, ?> l)) {
            return Levels.NONE;
        }
        Integer builds = integer(l.get("build"));
        Integer boots = integer(l.get("boot"));
        Map<?, ?> b = boot instanceof Map<?, ?> x ? x : Map.of();
        Map<String, Levels.Boot> targets = new LinkedHashMap<>();
        if (b.get("variants") instanceof Map<?, ?> vs) {
            vs.forEach((name, t) -> {
                if (t instanceof Map<?, ?> tm) {
                    targets.put(
                            String.valueOf(name),
                            new Levels.Boot(
                                    string(tm.get("kernel")), string(tm.get("initrd")), string(tm.get("cmdline"))));
                }
            });
        }
        return new Levels(
                builds == null ? 0 : Math.max(0, builds),
                "shuffle".equals(l.get("link_order")),
                boots == null ? 0 : Math.max(0, boots),
                string(b.get("switch")),
                string(b.get("identify")),
                targets);
    }

    /** Settings from their written form, of this version or an earlier one. */
    public static StudySettings read(Map<String, ?> m) {
        StudySettings d = StudySettings.DEFAULTS;
        Integer runs = integer(m.get("runs"));
        Integer min = integer(m.get("min_runs"));
        Integer max = integer(m.get("max_runs"));
        Stopping stopping;
        if (runs != null) {
            stopping = new Stopping.Fixed(runs);
        } else if (min != null || max != null) {
            // a study stored before the looks were spaced has no "looks": it looked after every round
            LookSchedule looks = m.get("looks") instanceof String w && LookSchedule.of(w) != null
                    ? LookSchedule.of(w)
                    : LookSchedule.EVERY_ROUND;
            Double precision = number(m.get("precision"));
            Double share = number(m.get("precision_share"));
            boolean precise = precision != null && precision > 0 && Double.isFinite(precision);
            stopping = new Stopping.Adaptive(
                    min != null ? min : StudySettings.MIN_RUNS,
                    max != null ? max : StudySettings.MAX_RUNS,
                    looks,
                    precise ? precision : null,
                    precise && share != null && share > 0 && share < 1 ? share : null);
        } else {
            stopping = new Stopping.Unknown();
        }
        Integer warmup = integer(m.get("warmup"));
        Object seed = m.get("seed");
        return new StudySettings(
                stopping,
                warmup != null ? warmup : d.warmup(),
                duration(m.get("time_budget_s")),
                order(m.get("order"), d.order()),
                string(m.get("prepare")),
                duration(m.get("timeout_s")),
                Boolean.TRUE.equals(m.get("ignore_failure")),
                m.get("primary") instanceof String p && !p.isBlank() ? p : d.primary(),
                string(m.get("baseline")),
                new CompareOptions(
                        confidence(m.get("confidence"), d.compare().confidence()),
                        threshold(m.get("threshold"), d.compare().thresholdPct()),
                        // a study stored before the estimand was chosen has none: it was judged by the
                        // rule of its time (the rank shift from 10 runs) and is now read with the default
                        m.get("estimand") instanceof String e ? Estimand.of(e) : null),
                seed instanceof Number n ? Long.valueOf(n.longValue()) : null,
                m.get("pin") instanceof List<?> l ? integers(l) : d.cpus(),
                integer(m.get("nice")),
                Boolean.TRUE.equals(m.get("no_aslr")),
                Boolean.TRUE.equals(m.get("drop_caches")),
                Boolean.TRUE.equals(m.get("counters")),
                "randomized".equals(m.get("layout")),
                string(m.get("source")),
                m.get("sources") instanceof List<?> l
                        ? l.stream().map(String::valueOf).toList()
                        : d.sources(),
                readLevels(m.get("levels"), m.get("boot")));
    }

    /** {@code 1.0}, {@code "1%"}, {@code "1.0%"} or {@code "1"}: percent, whichever way it was written. */
    static double threshold(Object value, double fallback) {
        Double pct = number(value);
        return pct != null && pct >= 0 ? pct : fallback;
    }

    /** {@code 0.95}, {@code 95} or {@code "95%"}: a level between 0 and 1. */
    static double confidence(Object value, double fallback) {
        Double level = number(value);
        if (level == null) {
            return fallback;
        }
        if (level > 1 || value instanceof String s && s.strip().endsWith("%")) {
            level /= 100;
        }
        return level > 0 && level < 1 ? level : fallback;
    }

    private static Double number(Object value) {
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        if (value instanceof String s) {
            try {
                return Double.parseDouble(s.strip().replace("%", "").strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private static RunOrder order(Object value, RunOrder fallback) {
        if (value instanceof String s) {
            try {
                return RunOrder.parse(s);
            } catch (IllegalArgumentException e) {
                return fallback;
            }
        }
        return fallback;
    }

    private static Integer integer(Object value) {
        return value instanceof Number n ? n.intValue() : null;
    }

    private static String string(Object value) {
        return value instanceof String s ? s : null;
    }

    private static List<Integer> integers(List<?> values) {
        List<Integer> out = new ArrayList<>();
        for (Object v : values) {
            if (v instanceof Number n) {
                out.add(n.intValue());
            }
        }
        return out;
    }

    private static Double seconds(Duration d) {
        return d == null ? null : d.toMillis() / 1000.0;
    }

    private static Duration duration(Object seconds) {
        return seconds instanceof Number n ? Duration.ofMillis(Math.round(n.doubleValue() * 1000)) : null;
    }

    private static void putIf(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }
}
