package dev.overhead.cli;

import dev.overhead.exec.OutputPolicy;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.RunOrder;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.plan.Durations;
import dev.overhead.plan.PlanOptions;
import dev.overhead.plan.ShellWords;
import dev.overhead.plan.StudyPlan;
import dev.overhead.plan.VariantSpec;
import dev.overhead.run.StudySpec;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Direction;
import dev.overhead.study.Masking;
import dev.overhead.study.ProfileWorkloads;
import dev.overhead.study.UserError;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns what {@code overhead run} parsed (its options, or a plan) into a {@link StudySpec}: the
 * checks that refuse a bad command line with one sentence, the defaults, and the variants and
 * workloads. Kept apart from {@link RunCommand} so that the command stays a list of options.
 */
final class RunSpecBuilder {

    private final RunCommand c;
    private dev.overhead.model.Levels vmLevels; // -V variants that are kernels booted under qemu

    RunSpecBuilder(RunCommand c) {
        this.c = c;
    }

    StudySpec build(StudyPlan fromPlan) {
        PlanOptions p = fromPlan == null ? PlanOptions.NONE : fromPlan.options();
        List<Variant> variants;
        List<Workload> workloads;
        if (fromPlan != null) {
            if (!c.commands.isEmpty() || !c.variantSpecs.isEmpty() || !c.workloadSpecs.isEmpty()) {
                throw UserError.usage("--plan describes the whole study: give no commands, -V or --workload with it");
            }
            variants = fromPlan.variants();
            workloads = fromPlan.workloads();
        } else {
            boolean useShell = c.running.shell;
            List<MetricSpec> parsed =
                    c.metrics.stream().map(RunSpecBuilder::metric).toList();
            List<Workload> profiled = ProfileWorkloads.of(c.workloadSpecs);
            if (!profiled.isEmpty() && c.variantSpecs.isEmpty() && !c.commands.isEmpty()) {
                throw UserError.usage("--workload combines with -V variants: give the variants as -V SPEC (or none,"
                        + " for the workloads as they are), and any further command after --");
            }
            if (c.commands.isEmpty() && profiled.isEmpty()) {
                throw UserError.usage("nothing to measure: give commands to compare, e.g. overhead run 'sleep 0.1'"
                        + " 'sleep 0.2', or -V specs and -- COMMAND");
            }
            if (!c.names.isEmpty() && (!c.variantSpecs.isEmpty() || c.names.size() > c.commands.size())) {
                throw UserError.usage("--name names the commands given as variants, one each in order: give at"
                        + " most " + c.commands.size()
                        + (c.variantSpecs.isEmpty() ? "" : ", and name -V variants in" + " their spec instead"));
            }
            if (!c.variantSpecs.isEmpty() || !profiled.isEmpty()) {
                Map<String, Map<String, String>> guests = new java.util.LinkedHashMap<>(); // -V '...: vm:K=V'
                variants = c.variantSpecs.isEmpty()
                        ? List.of(Variant.plain("base"))
                        : c.variantSpecs.stream().map(s -> guest(s, guests)).toList();
                vmLevels = vmLevels(guests);
                List<String> argv = useShell ? List.of(String.join(" ", c.commands)) : c.commands;
                workloads = new ArrayList<>(profiled);
                if (!c.commands.isEmpty()) {
                    workloads.add(new Workload(
                            Masking.value(String.join(" ", c.commands)), argv, useShell, Map.of(), List.of(), parsed));
                }
            } else {
                // each quoted command is a variant of one workload: the variant's prefix is the command itself
                variants = new ArrayList<>();
                for (int i = 0; i < c.commands.size(); i++) {
                    String command = c.commands.get(i);
                    List<String> argv = useShell ? List.of("/bin/sh", "-c", command) : words(command);
                    // a name made of the command is printed in every report: a secret assignment in it is masked
                    // (docs/reliability.md, issue 33 case 10); the command itself keeps it, to run
                    String name = i < c.names.size()
                            ? c.names.get(i)
                            : uniqueName(
                                    Masking.value(command),
                                    i,
                                    c.commands.stream().map(Masking::value).toList());
                    variants.add(new Variant(name, Map.of(), argv, List.of(), List.of()));
                }
                workloads = List.of(new Workload("command", List.of(), false, Map.of(), List.of(), parsed));
            }
        }
        variants = withSetup(variants);
        checkDistinct(variants);
        String baseline = first(c.verdict.baseline, fromPlan == null ? null : fromPlan.baseline());
        if (baseline != null && variants.stream().noneMatch(v -> v.name().equals(baseline))) {
            throw UserError.usage("--baseline " + baseline + " names no variant; the variants are "
                    + variants.stream().map(Variant::name).toList());
        }
        StudySettings options = options(p, baseline);
        if (fromPlan != null) { // levels: {build: N, boot: N} come from a plan (or, for guests, from --vm-kernel)
            options = options.toBuilder().levels(fromPlan.levels()).build();
        } else if (vmLevels != null) {
            options = options.toBuilder().levels(vmLevels).build();
        }
        if (c.running.primary != null) { // the command line's --primary is the last word, over a workload's own
            workloads = workloads.stream().map(w -> w.withPrimary(null)).toList();
        }
        c.verdict.failIfWorse(p.failIfWorsePct()); // a malformed threshold is refused before anything runs
        if (!options.counters()
                && dev.overhead.model.Metrics.builtin(options.primary())
                        .filter(dev.overhead.model.Metrics.Builtin::counter)
                        .isPresent()) {
            throw UserError.usage("--primary " + options.primary() + " is a CPU counter; add --counters to count it");
        }
        for (Workload w : workloads) {
            String wanted = w.primaryOr(options.primary());
            boolean known = dev.overhead.model.Metrics.builtin(wanted).isPresent()
                    || w.metrics().stream().anyMatch(m -> m.name().equals(wanted));
            if (!known) {
                throw UserError.usage("--primary " + options.primary() + " is neither a built-in metric (wall, user,"
                        + " sys, cpu, max_rss, ...) nor one given with --metric");
            }
        }
        return new StudySpec(
                first(c.label, fromPlan == null ? null : fromPlan.name()),
                workloads,
                variants,
                options,
                outputPolicy());
    }

    private StudySettings options(PlanOptions p, String baseline) {
        StudySettings defaults = StudySettings.DEFAULTS;
        Integer count =
                c.runs != null ? c.runs : (c.running.minRuns != null || c.running.maxRuns != null) ? null : p.runs();
        int min = first(c.running.minRuns, p.minRuns(), StudySettings.MIN_RUNS);
        int max = first(c.running.maxRuns, p.maxRuns(), StudySettings.MAX_RUNS);
        if (count != null && count < 1) {
            throw UserError.usage("--runs must be at least 1");
        }
        Integer warmup = c.running.warmup();
        RunningOptions.checkRuns(min, max);
        Duration budget = c.timeBudget != null ? duration("--time-budget", c.timeBudget) : p.timeBudget();
        Duration limit = c.running.timeout != null ? c.running.timeout() : p.timeout();
        RunOrder runOrder;
        try {
            runOrder = c.order != null ? RunOrder.parse(c.order) : first(p.order(), defaults.order());
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--order " + e.getMessage());
        }
        CompareOptions compare = c.verdict.compareOptions(p.thresholdPct(), p.confidence(), p.estimand());
        Double precision = precision(p);
        // neither --precision nor the plan's: the default (the threshold, or a quarter of the change)
        boolean byDefault = precision == null && count == null && !off(c.precision);
        if (precision != null && count != null) {
            throw UserError.usage("--precision needs adaptive stopping: leave out --runs (or the plan's runs count)"
                    + " and give --max-runs enough room to reach it");
        }
        return new StudySettings(
                count != null
                        ? new Stopping.Fixed(count)
                        : byDefault
                                ? StudySettings.adaptiveByDefault(min, max, compare.thresholdPct())
                                : new Stopping.Adaptive(min, max, dev.overhead.model.LookSchedule.DOUBLING, precision),
                first(warmup, p.warmup(), defaults.warmup()),
                budget,
                runOrder,
                c.prepare,
                limit,
                c.ignoreFailure || Boolean.TRUE.equals(p.ignoreFailure()),
                first(c.running.primary, p.primary(), defaults.primary()),
                baseline,
                compare,
                c.running.seed != null ? c.running.seed : System.nanoTime(),
                c.controls.cpus(),
                c.controls.niceness(),
                c.controls.noAslr,
                c.controls.dropCaches,
                c.counters || Boolean.TRUE.equals(p.counters()),
                c.controls.randomizeLayout,
                null,
                List.of(),
                null);
    }

    /** --precision, else the plan's {@code precision:}; a width of 0 can never be reached, so it is refused. */
    private Double precision(PlanOptions p) {
        Double pct = p.precisionPct();
        if (off(c.precision)) {
            return null;
        }
        if (c.precision != null) {
            try {
                pct = dev.overhead.plan.Percentages.parse(c.precision);
            } catch (IllegalArgumentException e) {
                throw UserError.usage("--precision " + e.getMessage());
            }
        }
        if (pct != null && !(pct > 0)) {
            throw UserError.usage("--precision must be above 0%: no interval is ever ±0 wide (e.g. --precision 2%)");
        }
        return pct;
    }

    /** {@code --precision off}: stop as soon as every verdict is settled, however wide its interval. */
    private static boolean off(String precision) {
        return precision != null
                && (precision.strip().equalsIgnoreCase("off")
                        || precision.strip().equalsIgnoreCase("none"));
    }

    private List<Variant> withSetup(List<Variant> variants) {
        if (c.setup == null && c.cleanup == null) {
            return variants;
        }
        return variants.stream()
                .map(v -> new Variant(
                        v.name(),
                        v.env(),
                        v.prefix(),
                        c.setup == null ? v.setup() : List.of("/bin/sh", "-c", c.setup),
                        c.cleanup == null ? v.cleanup() : List.of("/bin/sh", "-c", c.cleanup)))
                .toList();
    }

    private OutputPolicy outputPolicy() {
        return switch (c.output) {
            case "null", "discard" -> new OutputPolicy.Discard();
            case "inherit" -> new OutputPolicy.Inherit();
            default -> new OutputPolicy.ToFile(Path.of(c.output));
        };
    }

    private static Duration duration(String option, String text) {
        if (text == null) {
            return null;
        }
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(
                    e.getMessage().contains("longer than")
                            ? option + ": " + e.getMessage()
                            : option + " '" + text + "' is not a duration: write it like 90s, 20m or 2h");
        }
    }

    static MetricSpec metric(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw UserError.usage("--metric '" + text + "' needs the form NAME[:lower|higher]=REGEX");
        }
        String head = text.substring(0, eq);
        String regex = text.substring(eq + 1);
        Direction better = Direction.LOWER;
        int colon = head.indexOf(':');
        if (colon >= 0) {
            try {
                better = Direction.parse(head.substring(colon + 1));
            } catch (IllegalArgumentException e) {
                throw UserError.usage("--metric '" + text + "': " + e.getMessage());
            }
            head = head.substring(0, colon);
        }
        try {
            java.util.regex.Pattern p = java.util.regex.Pattern.compile(regex);
            if (p.matcher("").groupCount() < 1) {
                throw UserError.usage("--metric '" + text + "' has no capture group: put the number in ( )");
            }
        } catch (java.util.regex.PatternSyntaxException e) {
            throw UserError.usage("--metric '" + text + "': the pattern does not compile: " + e.getDescription());
        }
        if (dev.overhead.model.Metrics.reserved(head.strip())) {
            throw UserError.usage("--metric '" + text + "': " + head.strip()
                    + " is a built-in metric overhead measures itself; give the parsed one another name.");
        }
        return new MetricSpec(head.strip(), better, "", regex);
    }

    /** A -V variant, its vm:KEY=VALUE words kept aside in {@code guests} (docs/workloads.md, virtual machines). */
    private static Variant guest(String spec, Map<String, Map<String, String>> guests) {
        dev.overhead.plan.VmSpec.Split split;
        try {
            split = dev.overhead.plan.VmSpec.split(spec);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        Variant v = variant(split.spec());
        guests.put(v.name(), split.vm());
        return v;
    }

    /** The levels of kernel variants booted under qemu, or null where the -V variants are not kernels. */
    private dev.overhead.model.Levels vmLevels(Map<String, Map<String, String>> guests) {
        boolean any = c.vm.any() || guests.values().stream().anyMatch(g -> !g.isEmpty());
        if (!any) {
            return null;
        }
        if (c.vm.boots != null && c.vm.boots < 1) {
            throw UserError.usage("--boots must be at least 1");
        }
        try {
            return dev.overhead.plan.VmSpec.levels(guests, c.vm.defaults(), c.vm.boots == null ? 1 : c.vm.boots);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    private static Variant variant(String spec) {
        try {
            return dev.overhead.plan.PresetSpec.namesPreset(spec)
                    ? dev.overhead.plan.PresetSpec.parse(spec, dev.overhead.study.LivePresets.presets())
                    : VariantSpec.parse(spec);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    private static List<String> words(String command) {
        try {
            List<String> w = ShellWords.split(command);
            if (w.isEmpty()) {
                throw UserError.usage("an empty command was given; quote each command to compare");
            }
            return w;
        } catch (IllegalArgumentException e) {
            throw UserError.usage("the command '" + command + "' cannot be split into words: " + e.getMessage()
                    + " (or use --shell)");
        }
    }

    private static String uniqueName(String command, int index, List<String> all) {
        long same = all.stream().filter(command::equals).count();
        return same > 1 ? command + " #" + (index + 1) : command;
    }

    private static void checkDistinct(List<Variant> variants) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Variant v : variants) {
            if (!seen.add(v.name())) {
                throw UserError.usage("two variants are named '" + v.name() + "': give each -V a different name");
            }
        }
    }

    @SafeVarargs
    private static <T> T first(T... values) {
        for (T v : values) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }
}
