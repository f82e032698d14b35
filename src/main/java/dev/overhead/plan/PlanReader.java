package dev.overhead.plan;

import dev.overhead.model.Levels;
import dev.overhead.model.Metrics;
import dev.overhead.model.RunOrder;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.plan.YamlTree.Mapping;
import dev.overhead.plan.YamlTree.Seq;
import dev.overhead.stats.Estimand;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads a YAML plan (docs/cli.md, "Plans") into a {@link StudyPlan}. Everything is checked before anything
 * runs, and a refusal names the file, line and column:
 * {@code plan.yaml:7:5: unknown key 'comand' in workload 'sort' (known: name, command, ...)}.
 *
 * <p>A string command is split by shell quoting rules, unless the workload (or the plan) says
 * {@code shell: true}: then it goes whole to {@code /bin/sh -c}, and so does a string {@code prepare}.
 */
public final class PlanReader {
    static final List<String> KEYS = List.of(
            "name",
            "runs",
            "time_budget",
            "order",
            "threshold",
            "confidence",
            "primary",
            "timeout",
            "shell",
            "ignore_failure",
            "fail_if_worse",
            "counters",
            "precision",
            "estimand",
            "workloads",
            "variants",
            "baseline",
            "levels",
            "boot",
            "vm");
    static final List<String> RUNS_KEYS = List.of("count", "warmup", "min", "max");
    static final List<String> VARIANT_KEYS =
            List.of("name", "preset", "env", "prefix", "setup", "cleanup", "build", "cflags", "boot", "vm");

    private final PlanNodes nodes;
    private final WorkloadReader.ProfileSource profiles;
    private final java.util.function.Supplier<Presets> presets;

    private PlanReader(Path file, WorkloadReader.ProfileSource profiles, java.util.function.Supplier<Presets> presets) {
        this.nodes = new PlanNodes(file);
        this.profiles = profiles;
        Presets[] once = new Presets[1]; // looked up once per plan, and only where a variant names one
        this.presets = () -> once[0] != null ? once[0] : (once[0] = presets.get());
    }

    /** Reads a plan file with no preset available (the machine is not looked at): see the two-argument form. */
    public static StudyPlan read(Path file) throws PlanException {
        return read(file, () -> Presets.of(Presets.Machine.NOTHING));
    }

    /**
     * Reads a plan file; its presets are looked up in {@code presets} (study.LivePresets: this machine's), once and
     * only where a variant names one.
     */
    public static StudyPlan read(Path file, Supplier<Presets> presets) throws PlanException {
        String text;
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a named pipe would block for ever, a device never end (docs/reliability.md, third battery, case 12)
            throw new PlanException(
                    file, 0, 0, "not a regular file (a pipe, a device or a directory): give --plan a YAML file", null);
        }
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new PlanException(file, 0, 0, "no such file: check the path given to --plan", e);
        } catch (MalformedInputException e) {
            throw new PlanException(file, 0, 0, "not a text file in UTF-8: a plan is YAML text", e);
        } catch (IOException e) {
            throw new PlanException(file, 0, 0, "cannot be read (" + e.getMessage() + ")", e);
        }
        return parse(file, text, Profiles::load, presets);
    }

    /** Reads plan text, with no preset available; {@code file} only names it in messages. */
    public static StudyPlan parse(Path file, String text) throws PlanException {
        return parse(file, text, Profiles::load, () -> Presets.of(Presets.Machine.NOTHING));
    }

    /** Reads plan text whose {@code profile:} workloads come from {@code profiles}, with no preset available. */
    public static StudyPlan parse(Path file, String text, Profiles profiles) throws PlanException {
        return parse(file, text, () -> profiles, () -> Presets.of(Presets.Machine.NOTHING));
    }

    /** Reads plan text with the profiles and presets given. */
    public static StudyPlan parse(Path file, String text, Profiles profiles, Presets presets) throws PlanException {
        return parse(file, text, () -> profiles, () -> presets);
    }

    private static StudyPlan parse(
            Path file, String text, WorkloadReader.ProfileSource profiles, java.util.function.Supplier<Presets> presets)
            throws PlanException {
        PlanReader reader = new PlanReader(file, profiles, presets);
        YamlTree root;
        try {
            root = YamlTree.parse(text);
        } catch (YamlTree.SyntaxError e) {
            throw new PlanException(file, e.place.line(), e.place.column(), e.getMessage(), e);
        }
        return reader.plan(root);
    }

    private StudyPlan plan(YamlTree root) throws PlanException {
        Mapping m = nodes.mapping(root, "a plan", "name: ..., workloads: [...], variants: [...]");
        nodes.onlyKnownKeys(m, "the plan", KEYS);
        YamlTree nameNode = PlanNodes.optional(m, "name");
        String name = nameNode == null ? null : nodes.text(nameNode, "name");
        PlanOptions options = options(m);
        boolean shell = Boolean.TRUE.equals(options.shell());
        List<Workload> workloads = new WorkloadReader(nodes, profiles)
                .read(
                        nodes.required(m, "workloads", "the plan", "add workloads: with at least one {name, command}"),
                        shell);
        List<Variant> variants = variants(PlanNodes.optional(m, "variants"), shell);
        Levels levels = new LevelsReader(nodes).read(m, variants); // levels: {build: N, boot: N}
        YamlTree baselineNode = PlanNodes.optional(m, "baseline");
        String baseline = null;
        if (baselineNode != null) {
            baseline = nodes.text(baselineNode, "baseline");
            String b = baseline;
            if (variants.stream().noneMatch(v -> v.name().equals(b))) {
                throw nodes.fail(
                        baselineNode,
                        "the baseline '" + b + "' is not one of the variants ("
                                + String.join(
                                        ", ",
                                        variants.stream().map(Variant::name).toList()) + ")");
            }
        }
        if (options.primary() != null) {
            checkPrimary(m, options.primary(), workloads);
        }
        return new StudyPlan(name, workloads, variants, baseline, options, levels);
    }

    private PlanOptions options(Mapping m) throws PlanException {
        Integer count = null;
        Integer warmup = null;
        Integer min = null;
        Integer max = null;
        YamlTree runs = PlanNodes.optional(m, "runs");
        if (runs instanceof YamlTree.Scalar) {
            count = nodes.count(runs, "runs", 1);
        } else if (runs != null) {
            Mapping r = nodes.mapping(runs, "runs", "{count: 10} or {warmup: 1, min: 5, max: 40}");
            nodes.onlyKnownKeys(r, "runs", RUNS_KEYS);
            count = optionalCount(r, "count", 1);
            warmup = optionalCount(r, "warmup", 0);
            min = optionalCount(r, "min", 2);
            max = optionalCount(r, "max", 2);
            if (count != null && (min != null || max != null)) {
                throw nodes.fail(
                        runs,
                        "runs has count and min/max: give either an exact count or bounds for"
                                + " adaptive stopping, not both");
            }
            if (min != null && max != null && max < min) {
                throw nodes.fail(r.entries().get("max").value(), "runs has max " + max + " below min " + min);
            }
        }
        YamlTree order = PlanNodes.optional(m, "order");
        YamlTree confidence = PlanNodes.optional(m, "confidence");
        return new PlanOptions(
                count,
                warmup,
                min,
                max,
                optional(m, "time_budget", Durations::parse),
                order == null ? null : nodes.parsed(order, "order", PlanReader::order),
                optional(m, "threshold", Percentages::parse),
                confidence == null ? null : nodes.parsed(confidence, "confidence", PlanReader::confidence),
                PlanNodes.optional(m, "primary") == null
                        ? null
                        : nodes.text(PlanNodes.optional(m, "primary"), "primary"),
                optional(m, "timeout", Durations::parse),
                PlanNodes.optional(m, "shell") == null ? null : nodes.bool(PlanNodes.optional(m, "shell"), "shell"),
                PlanNodes.optional(m, "ignore_failure") == null
                        ? null
                        : nodes.bool(PlanNodes.optional(m, "ignore_failure"), "ignore_failure"),
                optional(m, "fail_if_worse", Percentages::parse),
                PlanNodes.optional(m, "counters") == null
                        ? null
                        : nodes.bool(PlanNodes.optional(m, "counters"), "counters"),
                optional(m, "precision", Percentages::parse),
                optional(m, "estimand", PlanReader::estimand));
    }

    private Integer optionalCount(Mapping m, String key, int min) throws PlanException {
        YamlTree n = PlanNodes.optional(m, key);
        return n == null ? null : nodes.count(n, "runs." + key, min);
    }

    private <T> T optional(Mapping m, String key, java.util.function.Function<String, T> parser) throws PlanException {
        YamlTree n = PlanNodes.optional(m, key);
        return n == null ? null : nodes.parsed(n, key, parser);
    }

    /** {@code geomean} or {@code typical} (docs/statistics.md §2b). */
    static Estimand estimand(String text) {
        Estimand e = Estimand.of(text);
        if (e == null) {
            throw new SpecException("'" + text + "' is not an estimand: write geomean (the ratio of geometric means,"
                    + " the default) or typical (the typical ratio of a run).");
        }
        return e;
    }

    /** A level written as 0.95 or as 95%. */
    static Double confidence(String text) {
        String t = text.strip();
        double value = t.endsWith("%") ? Percentages.parse(t) / 100 : parseOr(t);
        if (!(value > 0 && value < 1)) {
            throw new SpecException(
                    "'" + text + "' is not a confidence level: write one between 0 and 1, such as 0.95.");
        }
        return value;
    }

    private static double parseOr(String t) {
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private List<Variant> variants(YamlTree node, boolean shell) throws PlanException {
        if (node == null) {
            return List.of(Variant.plain("base"));
        }
        if (!(node instanceof Seq seq) || seq.items().isEmpty()) {
            throw nodes.fail(node, "variants must be a list with at least one variant, such as - {name: glibc}");
        }
        List<Variant> out = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < seq.items().size(); i++) {
            Mapping m =
                    nodes.mapping(seq.items().get(i), "variant " + (i + 1), "{name: NAME, env: {...}, prefix: [...]}");
            YamlTree nameNode = PlanNodes.optional(m, "name");
            String context = nameNode == null ? "variant " + (i + 1) : "variant '" + nodes.text(nameNode, "name") + "'";
            nodes.onlyKnownKeys(m, context, VARIANT_KEYS);
            String name = nodes.text(nodes.required(m, "name", context, "give each variant a name"), "name");
            if (!VariantSpec.validName(name)) { // the same names as -V accepts
                throw nodes.fail(
                        nameNode,
                        "the variant name '" + name
                                + "' must be letters, digits and _ . + - (for example glibc or hardened-2)");
            }
            if (!names.add(name)) {
                throw nodes.fail(nameNode, "two variants are named '" + name + "': give each its own name");
            }
            java.util.Map<String, String> env = PlanNodes.optional(m, "env") == null
                    ? java.util.Map.of()
                    : nodes.env(PlanNodes.optional(m, "env"), "env of " + context);
            Variant variant = new Variant(
                    name,
                    env,
                    wordsOrEmpty(m, "prefix", context, false),
                    wordsOrEmpty(m, "setup", context, shell),
                    wordsOrEmpty(m, "cleanup", context, shell));
            YamlTree presetNode = PlanNodes.optional(m, "preset");
            if (presetNode != null) { // the preset's environment and prefix, then the plan's own
                String preset = nodes.text(presetNode, "preset");
                Preset p;
                try {
                    p = PresetSpec.resolve(preset, presets.get(), context);
                } catch (SpecException e) {
                    throw nodes.fail(
                            presetNode,
                            e.getMessage().substring(0, e.getMessage().length() - 1));
                }
                List<String> prefix = new ArrayList<>(p.prefix());
                prefix.addAll(variant.prefix());
                variant =
                        PresetSpec.withEnv(new Variant(name, p.env(), prefix, variant.setup(), variant.cleanup()), env);
            }
            variant = withBuild(m, variant, context);
            out.add(variant);
        }
        return out;
    }

    /**
     * {@code build} (a shell command, {@code {cflags}} and {@code {build_dir}} filled in) and
     * {@code cflags}: carried in the environment as OVERHEAD_BUILD and CFLAGS, where make finds them too.
     */
    private Variant withBuild(Mapping m, Variant variant, String context) throws PlanException {
        YamlTree build = PlanNodes.optional(m, "build");
        YamlTree cflags = PlanNodes.optional(m, "cflags");
        if (build == null) {
            if (cflags != null) {
                throw nodes.fail(
                        cflags,
                        context + " has cflags but no build: add build: 'make CFLAGS=\"{cflags}\"'"
                                + " (run in a fresh {build_dir})");
            }
            return variant;
        }
        java.util.Map<String, String> env = new java.util.LinkedHashMap<>(variant.env());
        env.put(
                "OVERHEAD_BUILD",
                build instanceof Seq
                        ? ShellWords.join(nodes.words(build, "build of " + context, false))
                        : nodes.text(build, "build of " + context));
        if (cflags != null) {
            env.put("CFLAGS", nodes.text(cflags, "cflags of " + context));
        }
        return new Variant(variant.name(), env, variant.prefix(), variant.setup(), variant.cleanup());
    }

    private List<String> wordsOrEmpty(Mapping m, String key, String context, boolean shell) throws PlanException {
        YamlTree n = PlanNodes.optional(m, key);
        return n == null ? List.of() : nodes.words(n, key + " of " + context, shell);
    }

    private void checkPrimary(Mapping m, String primary, List<Workload> workloads) throws PlanException {
        boolean known = Metrics.builtin(primary).isPresent()
                || workloads.stream()
                        .anyMatch(
                                w -> w.metrics().stream().anyMatch(s -> s.name().equals(primary)));
        if (!known) {
            throw nodes.fail(
                    m.entries().get("primary").value(),
                    "the primary metric '" + primary
                            + "' is neither built in (wall, cpu, max_rss, ...) nor a metric of any workload");
        }
    }

    /** The run order a plan names; RunOrder lives in model, so its refusal becomes a plan's. */
    private static RunOrder order(String word) {
        try {
            return RunOrder.parse(word);
        } catch (IllegalArgumentException e) {
            throw new SpecException(e.getMessage());
        }
    }
}
