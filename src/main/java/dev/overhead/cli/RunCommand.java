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
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code overhead run}: measure commands as variants, interleaved, many times, and judge the change. */
@Command(
        name = "run",
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Measure commands as variants, in rounds, and say whether the change is real.",
            "  overhead run 'sort a' 'sort -S 1M a'          each quoted command is a variant",
            "  overhead run -V glibc: -V 'hardened: LD_PRELOAD=/x.so' -- make -j4",
            "  overhead run --plan study.yaml"
        })
final class RunCommand implements Callable<Integer> {

    // -V is a variant here, so the inherited -V/--version cannot apply; help is declared by hand
    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help message and exit.")
    boolean help;

    @Option(
            names = {"-V", "--variant"},
            paramLabel = "SPEC",
            description = "A variant: 'NAME: [KEY=VALUE ...] [PREFIX ...]' (repeat; the command follows --).")
    List<String> variantSpecs = new ArrayList<>();

    @Option(
            names = "--workload",
            paramLabel = "PROFILE[:KEY=VALUE,...]",
            description = "A workload from a profile (repeat; combines with -V; 'overhead profiles' lists them).")
    List<String> workloadSpecs = new ArrayList<>();

    @Option(
            names = {"-n", "--name"},
            paramLabel = "NAME",
            description = "A name for each command given as a variant, in order (default: the command itself).")
    List<String> names = new ArrayList<>();

    @Option(names = "--plan", paramLabel = "FILE.yaml", description = "Run the study a YAML plan describes.")
    Path plan;

    @Option(
            names = "--runs",
            paramLabel = "N",
            description = "Exactly N measured runs per variant (no adaptive stopping).")
    Integer runs;

    @Option(
            names = "--min-runs",
            paramLabel = "N",
            description = "Adaptive stopping: at least N runs (default " + StudySettings.MIN_RUNS + ").")
    Integer minRuns;

    @Option(
            names = "--max-runs",
            paramLabel = "N",
            description = "Adaptive stopping: at most N runs (default " + StudySettings.MAX_RUNS + ").")
    Integer maxRuns;

    @Option(names = "--warmup", paramLabel = "N", description = "Runs per variant before measuring, not recorded.")
    Integer warmup;

    @Option(
            names = "--time-budget",
            paramLabel = "DURATION",
            description = "Stop adding runs after this long (90s, 20m, 2h).")
    String timeBudget;

    @Option(
            names = "--order",
            paramLabel = "ORDER",
            description = "randomized (default: rounds in a fresh random order), interleaved or blocked.")
    String order;

    @Option(names = "--prepare", paramLabel = "CMD", description = "Shell command before every run, not measured.")
    String prepare;

    @Option(names = "--setup", paramLabel = "CMD", description = "Shell command once per variant, before its runs.")
    String setup;

    @Option(names = "--cleanup", paramLabel = "CMD", description = "Shell command once per variant, after its runs.")
    String cleanup;

    @Option(names = "--shell", description = "Run commands through /bin/sh -c (default: executed directly).")
    boolean shell;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            description = "Kill a run that takes longer; recorded as timed out.")
    String timeout;

    @Option(names = "--ignore-failure", description = "Keep going when a run exits non-zero.")
    boolean ignoreFailure;

    @Option(
            names = "--metric",
            paramLabel = "'NAME[:lower|higher]=REGEX'",
            description = "A figure parsed from the output; the first capture group is the value.")
    List<String> metrics = new ArrayList<>();

    @Option(
            names = "--primary",
            paramLabel = "METRIC",
            description = "The metric adaptive stopping and the headline use (default " + StudySettings.PRIMARY + ").")
    String primary;

    @Option(names = "--label", paramLabel = "TEXT", description = "A name for the study, to find it again.")
    String label;

    @Option(
            names = "--output",
            paramLabel = "inherit|null|FILE",
            defaultValue = "null",
            description = "Where the commands' output goes (default: discarded).")
    String output;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the randomized order (default: from the clock).")
    Long seed;

    @Option(names = "--counters", description = "Count instructions and cycles of each run where the CPU exposes them.")
    boolean counters;

    @Option(
            names = "--fake-exec",
            hidden = true,
            description = "Measure nothing: a deterministic fake executor for tests.")
    boolean fakeExec;

    @Mixin
    VerdictOptions verdict;

    @Mixin
    StoreOption storeOption;

    @Mixin
    OutputOptions outputs;

    @Mixin
    ControlOptions controls;

    @Parameters(
            paramLabel = "COMMAND",
            description = "Commands (each one a variant), or with -V the one command and its arguments.")
    List<String> commands = new ArrayList<>();

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec commandSpec;

    @Override
    public Integer call() {
        StudyPlan fromPlan = plan == null ? null : PlanReading.read(plan);
        StudySpec study = BuiltVariants.build(
                buildSpec(fromPlan), commandSpec.commandLine().getErr());
        // the command line's --fail-if-worse, else the plan's: handed on, the mixin's field is left as parsed
        List<FailIfWorse.Threshold> failIfWorse =
                verdict.failIfWorse(fromPlan == null ? null : fromPlan.options().failIfWorsePct());
        return new StudyExecution(
                        commandSpec.commandLine().getOut(),
                        commandSpec.commandLine().getErr(),
                        storeOption,
                        outputs,
                        verdict,
                        fakeExec)
                .run(study, failIfWorse);
    }

    StudySpec buildSpec(StudyPlan fromPlan) {
        PlanOptions p = fromPlan == null ? PlanOptions.NONE : fromPlan.options();
        List<Variant> variants;
        List<Workload> workloads;
        if (fromPlan != null) {
            if (!commands.isEmpty() || !variantSpecs.isEmpty() || !workloadSpecs.isEmpty()) {
                throw UserError.usage("--plan describes the whole study: give no commands, -V or --workload with it");
            }
            variants = fromPlan.variants();
            workloads = fromPlan.workloads();
        } else {
            boolean useShell = shell;
            List<MetricSpec> parsed = metrics.stream().map(RunCommand::metric).toList();
            List<Workload> profiled = ProfileWorkloads.of(workloadSpecs);
            if (!profiled.isEmpty() && variantSpecs.isEmpty() && !commands.isEmpty()) {
                throw UserError.usage("--workload combines with -V variants: give the variants as -V SPEC (or none,"
                        + " for the workloads as they are), and any further command after --");
            }
            if (commands.isEmpty() && profiled.isEmpty()) {
                throw UserError.usage("nothing to measure: give commands to compare, e.g. overhead run 'sleep 0.1'"
                        + " 'sleep 0.2', or -V specs and -- COMMAND");
            }
            if (!names.isEmpty() && (!variantSpecs.isEmpty() || names.size() > commands.size())) {
                throw UserError.usage("--name names the commands given as variants, one each in order: give at"
                        + " most " + commands.size()
                        + (variantSpecs.isEmpty() ? "" : ", and name -V variants in" + " their spec instead"));
            }
            if (!variantSpecs.isEmpty() || !profiled.isEmpty()) {
                variants = variantSpecs.isEmpty()
                        ? List.of(Variant.plain("base"))
                        : variantSpecs.stream().map(RunCommand::variant).toList();
                List<String> argv = useShell ? List.of(String.join(" ", commands)) : commands;
                workloads = new ArrayList<>(profiled);
                if (!commands.isEmpty()) {
                    workloads.add(
                            new Workload(String.join(" ", commands), argv, useShell, Map.of(), List.of(), parsed));
                }
            } else {
                // each quoted command is a variant of one workload: the variant's prefix is the command itself
                variants = new ArrayList<>();
                for (int i = 0; i < commands.size(); i++) {
                    String c = commands.get(i);
                    List<String> argv = useShell ? List.of("/bin/sh", "-c", c) : words(c);
                    String name = i < names.size() ? names.get(i) : uniqueName(c, i, commands);
                    variants.add(new Variant(name, Map.of(), argv, List.of(), List.of()));
                }
                workloads = List.of(new Workload("command", List.of(), false, Map.of(), List.of(), parsed));
            }
        }
        variants = withSetup(variants);
        checkDistinct(variants);
        String baseline = first(verdict.baseline, fromPlan == null ? null : fromPlan.baseline());
        if (baseline != null && variants.stream().noneMatch(v -> v.name().equals(baseline))) {
            throw UserError.usage("--baseline " + baseline + " names no variant; the variants are "
                    + variants.stream().map(Variant::name).toList());
        }
        StudySettings options = options(p, baseline);
        if (primary != null) { // the command line's --primary is the last word, over a workload's own
            workloads = workloads.stream().map(w -> w.withPrimary(null)).toList();
        }
        verdict.failIfWorse(p.failIfWorsePct()); // a malformed threshold is refused before anything runs
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
                first(label, fromPlan == null ? null : fromPlan.name()), workloads, variants, options, outputPolicy());
    }

    private StudySettings options(PlanOptions p, String baseline) {
        StudySettings defaults = StudySettings.DEFAULTS;
        Integer count = runs != null ? runs : (minRuns != null || maxRuns != null) ? null : p.runs();
        int min = first(minRuns, p.minRuns(), StudySettings.MIN_RUNS);
        int max = first(maxRuns, p.maxRuns(), StudySettings.MAX_RUNS);
        if (count != null && count < 1) {
            throw UserError.usage("--runs must be at least 1");
        }
        if (warmup != null && warmup < 0) {
            throw UserError.usage("--warmup must be 0 or more (got " + warmup + ").");
        }
        if (min < 2 || max < min) {
            throw UserError.usage("--min-runs must be at least 2 and --max-runs at least --min-runs (got " + min
                    + " and " + max + ")");
        }
        Duration budget = timeBudget != null ? duration("--time-budget", timeBudget) : p.timeBudget();
        Duration limit = timeout != null ? duration("--timeout", timeout) : p.timeout();
        RunOrder runOrder;
        try {
            runOrder = order != null ? RunOrder.parse(order) : first(p.order(), defaults.order());
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--order " + e.getMessage());
        }
        CompareOptions compare = verdict.compareOptions(p.thresholdPct(), p.confidence());
        return new StudySettings(
                count != null ? new Stopping.Fixed(count) : new Stopping.Adaptive(min, max),
                first(warmup, p.warmup(), defaults.warmup()),
                budget,
                runOrder,
                prepare,
                limit,
                ignoreFailure || Boolean.TRUE.equals(p.ignoreFailure()),
                first(primary, p.primary(), defaults.primary()),
                baseline,
                compare,
                seed != null ? seed : System.nanoTime(),
                controls.cpus(),
                controls.niceness(),
                controls.noAslr,
                controls.dropCaches,
                counters || Boolean.TRUE.equals(p.counters()),
                null,
                List.of());
    }

    private List<Variant> withSetup(List<Variant> variants) {
        if (setup == null && cleanup == null) {
            return variants;
        }
        return variants.stream()
                .map(v -> new Variant(
                        v.name(),
                        v.env(),
                        v.prefix(),
                        setup == null ? v.setup() : List.of("/bin/sh", "-c", setup),
                        cleanup == null ? v.cleanup() : List.of("/bin/sh", "-c", cleanup)))
                .toList();
    }

    private OutputPolicy outputPolicy() {
        return switch (output) {
            case "null", "discard" -> new OutputPolicy.Discard();
            case "inherit" -> new OutputPolicy.Inherit();
            default -> new OutputPolicy.ToFile(Path.of(output));
        };
    }

    private static Duration duration(String option, String text) {
        if (text == null) {
            return null;
        }
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(option + " '" + text + "' is not a duration: write it like 90s, 20m or 2h");
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

    private static Variant variant(String spec) {
        try {
            return dev.overhead.plan.PresetSpec.namesPreset(spec)
                    ? dev.overhead.plan.PresetSpec.parse(spec, dev.overhead.plan.Presets.live())
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
