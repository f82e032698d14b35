package dev.overhead.interop;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Go benchmark format, as {@code go test -bench} writes it and benchstat reads it: configuration
 * lines {@code key: value}, unit lines {@code Unit UNIT key=value...}, and benchmark lines
 * {@code BenchmarkName-8  N  value unit  value unit...}. Every benchmark line is one run.
 *
 * <p>Units are tidied as benchstat's {@code benchunit.Tidy} does: {@code ns} in a numerator becomes
 * {@code sec} (×1e-9) and {@code MB} becomes {@code B} (×1e6), so {@code ns/op} is read as
 * {@code sec/op} in seconds and {@code MB/s} as {@code B/s}. A unit is higher-is-better when its
 * unit line says {@code better=higher} or it is a rate ({@code .../s}), else lower-is-better.
 *
 * <p>The variant of a run is the value of the configuration key {@code variant} where the file sets
 * one, the value of a {@code /key=value} part of the name when a key is chosen, or else the file.
 */
public final class GoBench {
    private GoBench() {}

    private static final Pattern CONFIG = Pattern.compile("^([^A-Z\\s][^\\s:]*):(?:\\s+(.*))?$");
    private static final Pattern PROCS = Pattern.compile("-(\\d+)$");
    /** The configuration key overhead writes and reads as the variant (benchstat: {@code -col variant}). */
    public static final String VARIANT_KEY = "variant";

    /** The units Go's testing package writes, none of which can be negative. */
    private static final java.util.Set<String> STANDARD_UNITS = java.util.Set.of("ns/op", "B/op", "allocs/op", "MB/s");

    /**
     * The iteration count of a benchmark line (docs/reliability.md, third battery, case 12): Go's b.N, a
     * whole number from 1 to the largest int64; 0 or a count past int64 was imported with exit 0.
     */
    static long iterations(String cell, String benchmark, String source, int line) {
        long n;
        try {
            n = Long.parseLong(cell);
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n < 1) {
            throw new FormatException(("%s line %d: %s ran %s iterations, which no Go benchmark can (b.N is from 1"
                            + " to 9223372036854775807); is the line damaged?")
                    .formatted(source, line, benchmark, cell));
        }
        return n;
    }

    static boolean looksLike(String text) {
        return text.lines().anyMatch(l -> isBenchmarkLine(l.strip()));
    }

    private static boolean isBenchmarkLine(String line) {
        if (!line.startsWith("Benchmark")) {
            return false;
        }
        String[] f = line.split("\\s+");
        return f.length >= 4
                && f.length % 2 == 0
                && !(f[0].length() > 9 && Character.isLowerCase(f[0].charAt(9)))
                && f[1].matches("\\d+");
    }

    public static StudyResult read(String text, String source) {
        return read(text, source, null);
    }

    /**
     * @param nameKey a key of the benchmark names ({@code size} for {@code /size=15}) whose value
     *                names the variant, or null: then the {@code variant} configuration key, else the file
     */
    public static StudyResult read(String text, String source, String nameKey) {
        Map<String, String> config = new LinkedHashMap<>();
        Map<String, Direction> declared = new LinkedHashMap<>();
        Map<String, Object> environment = new LinkedHashMap<>();
        // workload -> variant -> runs' metrics
        Map<String, Map<String, List<Map<String, Double>>>> data = new LinkedHashMap<>();
        Map<String, String> procs = new LinkedHashMap<>();
        Map<String, MetricSpec> specs = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        String[] lines = text.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            Matcher c = CONFIG.matcher(line);
            if (line.startsWith("Unit ")) {
                unitLine(line, declared);
            } else if (isBenchmarkLine(line)) {
                String[] f = line.split("\\s+");
                iterations(f[1], f[0], source, i + 1);
                String name = f[0].substring("Benchmark".length());
                if (name.length() > 1 && name.charAt(0) == '_' && Character.isLowerCase(name.charAt(1))) {
                    name = name.substring(1); // overhead's writer's escape for names that start in lower case
                }
                Matcher p = PROCS.matcher(name);
                String gomaxprocs = null;
                if (p.find()) {
                    gomaxprocs = p.group(1);
                    name = name.substring(0, p.start());
                }
                String variant = config.getOrDefault(VARIANT_KEY, Imported.stem(source));
                if (nameKey != null) {
                    Matcher k = Pattern.compile("/" + Pattern.quote(nameKey) + "=([^/]*)")
                            .matcher(name);
                    if (!k.find()) {
                        throw new FormatException("%s line %d: benchmark %s has no /%s=... part to name the variant by."
                                .formatted(source, i + 1, name, nameKey));
                    }
                    variant = nameKey + "=" + k.group(1);
                    name = name.substring(0, k.start()) + name.substring(k.end());
                }
                Map<String, Double> run = new LinkedHashMap<>();
                for (int j = 2; j + 1 < f.length; j += 2) {
                    double value;
                    try {
                        value = Double.parseDouble(f[j]);
                    } catch (NumberFormatException e) {
                        throw new FormatException("%s line %d: '%s' is not a number.".formatted(source, i + 1, f[j]));
                    }
                    if (!Double.isFinite(value)) {
                        throw new FormatException("%s line %d: '%s' is not a finite number; fix or remove that line."
                                .formatted(source, i + 1, f[j]));
                    }
                    if (value < 0 && STANDARD_UNITS.contains(f[j + 1])) {
                        throw new FormatException(("%s line %d: %s %s of %s is negative, which a time, a size or a"
                                        + " count cannot be; fix or remove that line.")
                                .formatted(source, i + 1, f[j], f[j + 1], f[0]));
                    }
                    Tidy t = tidy(f[j + 1]);
                    Direction better = declared.getOrDefault(
                            f[j + 1], declared.getOrDefault(t.unit(), t.rate() ? Direction.HIGHER : Direction.LOWER));
                    specs.putIfAbsent(t.unit(), Imported.metric(t.unit(), better, display(t.unit())));
                    run.put(t.unit(), value * t.factor());
                }
                if (gomaxprocs != null) {
                    procs.putIfAbsent(name, gomaxprocs);
                }
                data.computeIfAbsent(name, k -> new LinkedHashMap<>())
                        .computeIfAbsent(variant, k -> new ArrayList<>())
                        .add(run);
            } else if (c.matches()) {
                String value = c.group(2) == null ? "" : c.group(2).strip();
                config.put(c.group(1), value);
                if (!c.group(1).equals(VARIANT_KEY)) {
                    environment.putIfAbsent(c.group(1), value);
                }
            }
        }
        if (data.isEmpty()) {
            throw new FormatException(source + " has no Go benchmark lines (BenchmarkName N value unit ...).");
        }
        List<WorkloadResult> workloads = new ArrayList<>();
        for (var w : data.entrySet()) {
            Imported.SpecSet used = new Imported.SpecSet();
            List<VariantResult> variants = new ArrayList<>();
            for (var v : w.getValue().entrySet()) {
                List<Run> runs = new ArrayList<>();
                for (Map<String, Double> m : v.getValue()) {
                    m.keySet().forEach(u -> used.add(specs.get(u)));
                    runs.add(Imported.metricsRun(runs.size(), m));
                }
                variants.add(new VariantResult(Variant.plain(v.getKey()), runs));
            }
            Map<String, String> parameters =
                    procs.containsKey(w.getKey()) ? Map.of("gomaxprocs", procs.get(w.getKey())) : Map.of();
            workloads.add(
                    new WorkloadResult(Imported.workload(w.getKey(), List.of(), parameters, used.list()), variants));
        }
        StudyResult study =
                Imported.study(Imported.stem(source), Imported.stem(source), null, "gobench", workloads, warnings);
        return new StudyResult(study.info(), environment, study.workloads(), List.of(), study.warnings(), List.of());
    }

    private static void unitLine(String line, Map<String, Direction> declared) {
        String[] f = line.split("\\s+");
        for (int i = 2; i < f.length; i++) {
            if (f[i].startsWith("better=")) {
                try {
                    declared.put(f[1], Direction.parse(f[i].substring("better=".length())));
                    declared.put(tidy(f[1]).unit(), declared.get(f[1]));
                } catch (IllegalArgumentException ignored) {
                    // benchstat ignores unit metadata it does not know; so do we
                }
            }
        }
    }

    record Tidy(String unit, double factor, boolean rate) {}

    /** benchunit.Tidy: rescale {@code ns} and {@code MB} tokens of the numerator; tokens split at - * / and spaces. */
    static Tidy tidy(String unit) {
        StringBuilder out = new StringBuilder();
        double factor = 1;
        boolean denominator = false;
        Matcher m = Pattern.compile("[*/\\-\\s]+|[^*/\\-\\s]+").matcher(unit);
        while (m.find()) {
            String tok = m.group();
            if (tok.matches("[*/\\-\\s]+")) {
                for (char ch : tok.toCharArray()) {
                    denominator = ch == '/' || (ch != '*' && denominator);
                }
                out.append(tok);
            } else if (!denominator && tok.equals("ns")) {
                out.append("sec");
                factor /= 1e9;
            } else if (!denominator && tok.equals("MB")) {
                out.append("B");
                factor *= 1e6;
            } else {
                out.append(tok);
            }
        }
        String tidied = out.toString();
        return new Tidy(tidied, factor, tidied.endsWith("/s"));
    }

    private static String display(String tidied) {
        return switch (tidied) {
            case "sec/op" -> "s";
            case "B/op" -> "B";
            default -> tidied;
        };
    }

    /**
     * The study in the Go benchmark format: one {@code variant: NAME} block per variant (compare with
     * {@code benchstat -col variant FILE}), one benchmark line per run, every metric a value/unit
     * pair. Built-in times are written in ns as benchstat expects ({@code wall} as {@code ns/op});
     * a name that starts with a lower-case letter gets a leading {@code _}, as the format requires.
     */
    public static String write(StudyResult study) {
        StringBuilder out = new StringBuilder();
        Map<String, Direction> units = new LinkedHashMap<>();
        Map<String, List<String>> blocks = new LinkedHashMap<>();
        for (WorkloadResult w : study.workloads()) {
            List<MetricSpec> metrics = Imported.metricsOf(w.workload());
            String name = benchmarkName(w.workload());
            for (VariantResult v : w.variants()) {
                List<String> lines = blocks.computeIfAbsent(v.name(), k -> new ArrayList<>());
                for (Run run : v.runs()) {
                    StringBuilder line = new StringBuilder(name).append(" 1");
                    for (MetricSpec m : metrics) {
                        if (!m.parsed() && m.name().equals("cpu")) {
                            continue; // derived from user and sys, which are written
                        }
                        var value = m.valueOf(run);
                        if (value.isEmpty()) {
                            continue;
                        }
                        GoUnit u = goUnit(m);
                        units.putIfAbsent(u.unit(), m.better());
                        line.append(' ')
                                .append(number(value.get() * u.factor()))
                                .append(' ')
                                .append(u.unit());
                    }
                    lines.add(line.toString());
                }
            }
        }
        units.forEach((u, d) -> out.append("Unit ")
                .append(u)
                .append(" better=")
                .append(d.word())
                .append('\n'));
        blocks.forEach((variant, lines) -> {
            out.append('\n').append(VARIANT_KEY).append(": ").append(variant).append('\n');
            lines.forEach(l -> out.append(l).append('\n'));
        });
        return out.toString();
    }

    private record GoUnit(String unit, double factor) {}

    private static GoUnit goUnit(MetricSpec m) {
        if (!m.parsed()) {
            return switch (m.name()) {
                case "wall" -> new GoUnit("ns/op", 1e9);
                case "user", "sys" -> new GoUnit(m.name() + "-ns/op", 1e9);
                case "max_rss" -> new GoUnit("max-rss-B", 1024);
                default -> new GoUnit(m.name().replace('_', '-'), 1);
            };
        }
        return new GoUnit(m.name().replaceAll("\\s+", "_"), 1);
    }

    private static String benchmarkName(Workload w) {
        String name = w.name().replaceAll("\\s+", "_");
        if (!name.isEmpty() && Character.isLowerCase(name.charAt(0))) {
            name = "_" + name;
        }
        String procs = w.parameters().get("gomaxprocs");
        return "Benchmark" + name + (procs == null ? "" : "-" + procs);
    }

    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v).toLowerCase(Locale.ROOT);
    }
}
