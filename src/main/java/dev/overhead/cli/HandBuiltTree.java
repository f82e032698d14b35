package dev.overhead.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The command trees of {@code overhead --version}, {@code overhead compare ...} and {@code overhead report ...}, built with picocli's
 * programmatic API instead of from the annotations (docs/performance.md, "Start-up"). Reading an annotation
 * makes the JVM generate a proxy class for its type, and picocli reads eight types (Command, Option,
 * Parameters, Mixin, Spec and their meta-annotations): with the rest of picocli's reflection, that was half
 * of {@code compare}'s own CPU at start. The annotations on {@link CompareCommand}, {@link ReportCommand} and their mixins stay the
 * definition (help of the whole tree, the man page, completion, every other command); this copy must say
 * the same, which {@code HandBuiltTreeTest} checks attribute by attribute and {@code LazyTreeTest} by
 * help, errors and version. A new option of compare or report (or of VerdictOptions, StoreOption,
 * OutputOptions) goes here too.
 */
final class HandBuiltTree {
    private HandBuiltTree() {}

    /** The root alone: {@code --version}, {@code -V}. */
    static CommandLine root() {
        return new CommandLine(rootSpec());
    }

    /** The root with {@code compare} under it, as {@link LazyTree} would build it from the annotations. */
    static CommandLine compare() {
        CompareCommand c = new CompareCommand();
        VerdictOptions v = new VerdictOptions();
        StoreOption s = new StoreOption();
        OutputOptions o = new OutputOptions();
        c.verdict = v;
        c.storeOption = s;
        c.outputs = o;
        CommandSpec spec = CommandSpec.wrapWithoutInspection(c);
        c.spec = spec;
        spec.name("compare");
        spec.usageMessage()
                .description(
                        "Compare result files (overhead JSON, sample CSV, hyperfine, PTS,",
                        "Go benchmarks, pyperf) and stored studies, with the same statistics as run.");
        spec.addOption(option("--submission", "ID", String.class, () -> c.submission, x -> c.submission = (String) x)
                .description("The studies of one 'overhead submit', per machine and pooled over the machines.")
                .build());
        verdictOptions(spec, v);
        storeOption(spec, s);
        outputOptions(spec, o);
        Field inputs = new Field(() -> c.inputs, x -> c.inputs = list(x));
        spec.addPositional(PositionalParamSpec.builder()
                .index("0..*")
                .arity("0..*")
                .paramLabel("INPUT")
                .descriptionKey("")
                .description("Result files, or stored study ids or labels.")
                .type(List.class)
                .auxiliaryTypes(String.class)
                .getter(inputs)
                .setter(inputs)
                .initialValue(c.inputs)
                .hasInitialValue(true)
                .build());
        return under(spec);
    }

    /** The root with {@code report} under it, as {@link LazyTree} would build it from the annotations. */
    static CommandLine report() {
        ReportCommand r = new ReportCommand();
        StoreOption s = new StoreOption();
        OutputOptions o = new OutputOptions();
        VerdictOptions v = new VerdictOptions();
        r.storeOption = s;
        r.outputs = o;
        r.verdict = v;
        CommandSpec spec = CommandSpec.wrapWithoutInspection(r);
        r.spec = spec;
        spec.name("report");
        spec.usageMessage().description("Write the report of a stored study or a result file.");
        // the mixins in the order of ReportCommand's fields
        storeOption(spec, s);
        outputOptions(spec, o);
        verdictOptions(spec, v);
        Field study = new Field(() -> r.study, x -> r.study = (String) x);
        spec.addPositional(PositionalParamSpec.builder()
                .index("0+")
                .arity("1")
                .required(true)
                .paramLabel("STUDY")
                .descriptionKey("")
                .description("A study id, id prefix or label, or a result file.")
                .type(String.class)
                .auxiliaryTypes(String.class)
                .getter(study)
                .setter(study)
                .initialValue(r.study)
                .hasInitialValue(true)
                .build());
        return under(spec);
    }

    /** The subcommand under the root, with what the root gives it, as {@link LazyTree} does. */
    private static CommandLine under(CommandSpec spec) {
        helpOptions(spec); // what the root's mixinStandardHelpOptions gives each subcommand
        CommandLine root = new CommandLine(rootSpec());
        CommandLine sub = new CommandLine(spec);
        new Summaries().transform(spec);
        root.addSubcommand(sub);
        return root;
    }

    private static void verdictOptions(CommandSpec spec, VerdictOptions v) {
        // MarginOptions' first (picocli reads the superclass's fields first), then its own
        spec.addOption(option("--threshold", "PCT", String.class, () -> v.threshold, x -> v.threshold = (String) x)
                .description("Equivalence margin (default: 1%%).")
                .build());
        spec.addOption(option("--confidence", "LEVEL", Double.class, () -> v.confidence, x -> v.confidence = (Double) x)
                .description("Confidence level of the intervals (default: 0.95).")
                .build());
        spec.addOption(option("--baseline", "NAME", String.class, () -> v.baseline, x -> v.baseline = (String) x)
                .description("The variant others are compared with (default: the first).")
                .build());
        spec.addOption(
                option("--estimand", "geomean|typical", String.class, () -> v.estimand, x -> v.estimand = (String) x)
                        .description("What the change of a measurement is: geomean, the ratio of geometric means"
                                + " (default), or typical, the typical ratio of a candidate run to a baseline run"
                                + " (robust to spikes; no interval below 4 runs per variant at 95%%).")
                        .build());
        spec.addOption(option("--adjust", "none|holm", String.class, () -> v.adjust, x -> v.adjust = (String) x)
                .defaultValue("none")
                .description("Adjust p-values for many comparisons: none (default) or holm.")
                .build());
        spec.addOption(list("--fail-if-worse", "[METRIC:]PCT", () -> v.failIfWorse, x -> v.failIfWorse = x)
                .description("Exit 3 when a comparison's whole interval lies beyond PCT on the worse side, on METRIC"
                        + " (default: each workload's primary); repeatable.")
                .build());
    }

    private static void storeOption(CommandSpec spec, StoreOption s) {
        spec.addOption(option("--store", "PATH|URL", String.class, () -> s.store, x -> s.store = (String) x)
                .description(
                        "Where studies are kept: a file, or a team store postgresql://USER[:PASSWORD]@HOST[:PORT]/DB"
                                + " (default: $OVERHEAD_STORE, else overhead.db under $XDG_DATA_HOME/overhead/).")
                .build());
    }

    private static void outputOptions(CommandSpec spec, OutputOptions o) {
        // ReportFiles' first
        spec.addOption(option("--format", "FORMAT", String.class, () -> o.format, x -> o.format = (String) x)
                .defaultValue("text")
                .description("What goes to stdout at the end: text, markdown, html, json, csv or junit (default:"
                        + " ${DEFAULT-VALUE}).")
                .build());
        spec.addOption(option("--export-json", "FILE", Path.class, () -> o.json, x -> o.json = (Path) x)
                .description("Write the JSON result (- for stdout).")
                .build());
        spec.addOption(option("--export-csv", "FILE", Path.class, () -> o.csv, x -> o.csv = (Path) x)
                .description(
                        "Write the CSV: one row per run and the comparisons in FILE's .comparisons.csv; bisect: one"
                                + " row per step.")
                .build());
        spec.addOption(option("--export-markdown", "FILE", Path.class, () -> o.markdown, x -> o.markdown = (Path) x)
                .description("Write the Markdown report.")
                .build());
        spec.addOption(option("--export-html", "FILE", Path.class, () -> o.html, x -> o.html = (Path) x)
                .description("Write the self-contained HTML report.")
                .build());
        spec.addOption(option("--ascii", "<ascii>", boolean.class, () -> o.ascii, x -> o.ascii = (Boolean) x)
                .description("7-bit text: no ±, −, µ or box characters.")
                .build());
        spec.addOption(
                option("--export-hyperfine-json", "FILE", Path.class, () -> o.hyperfine, x -> o.hyperfine = (Path) x)
                        .description("Write hyperfine's JSON format.")
                        .build());
        spec.addOption(option("--export-gobench", "FILE", Path.class, () -> o.gobench, x -> o.gobench = (Path) x)
                .description("Write Go benchmark format (for benchstat).")
                .build());
        spec.addOption(option("--export-junit", "FILE", Path.class, () -> o.junit, x -> o.junit = (Path) x)
                .description(
                        "Write JUnit XML for CI: a test case per workload, candidate and metric shown, failed where"
                                + " --fail-if-worse trips (without it: where the verdict is worse).")
                .build());
        spec.addOption(option("--export-pts", "FILE", Path.class, () -> o.pts, x -> o.pts = (Path) x)
                .description("Write a Phoronix Test Suite composite.xml.")
                .build());
        spec.addOption(list("--metrics", "LIST", () -> o.metrics, x -> o.metrics = x)
                .splitRegex(",")
                .description("The metrics the reports show, comma-separated, or all (default: each workload's primary,"
                        + " then those with a decisive verdict).")
                .build());
        spec.addOption(option("--detail", "<detail>", boolean.class, () -> o.detail, x -> o.detail = (Boolean) x)
                .description("The text report goes on after the summary, plain words and warnings with each workload's"
                        + " tables and notes, the commands, the environment and the legend.")
                .build());
    }

    /** {@link LazyTree.Root}: Main's attributes, and -h and -V as picocli's standard help mixin makes them. */
    private static CommandSpec rootSpec() {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(new LazyTree.Root());
        spec.name("overhead");
        spec.versionProvider(new Version());
        spec.modelTransformer(new Summaries());
        spec.scopeType(CommandLine.ScopeType.INHERIT);
        spec.usageMessage().description(Main.DESCRIPTION);
        helpOptions(spec);
        return spec;
    }

    private static void helpOptions(CommandSpec spec) {
        boolean[] help = {false};
        boolean[] version = {false};
        spec.addOption(option("--help", "<helpRequested>", boolean.class, () -> help[0], x -> help[0] = (Boolean) x)
                .names("-h", "--help")
                .usageHelp(true)
                .descriptionKey("mixinStandardHelpOptions.help")
                .description("Show this help message and exit.")
                .build());
        spec.addOption(option(
                        "--version",
                        "<versionRequested>",
                        boolean.class,
                        () -> version[0],
                        x -> version[0] = (Boolean) x)
                .names("-V", "--version")
                .versionHelp(true)
                .descriptionKey("mixinStandardHelpOptions.version")
                .description("Print version information and exit.")
                .build());
    }

    private static OptionSpec.Builder option(
            String name, String label, Class<?> type, Supplier<Object> get, Consumer<Object> set) {
        Field field = new Field(get, set);
        return OptionSpec.builder(name)
                .descriptionKey("") // what the annotation's default gives
                .paramLabel(label)
                .type(type)
                .auxiliaryTypes(type)
                .getter(field)
                .setter(field)
                .initialValue(get.get())
                .hasInitialValue(true);
    }

    private static OptionSpec.Builder list(
            String name, String label, Supplier<List<String>> get, Consumer<List<String>> set) {
        Field field = new Field(get::get, x -> set.accept(list(x)));
        return OptionSpec.builder(name)
                .descriptionKey("") // what the annotation's default gives
                .paramLabel(label)
                .arity("1")
                .type(List.class)
                .auxiliaryTypes(String.class)
                .getter(field)
                .setter(field)
                .initialValue(get.get())
                .hasInitialValue(true);
    }

    @SuppressWarnings("unchecked")
    private static List<String> list(Object value) {
        return (List<String>) value;
    }

    /** A field of the command or a mixin, as picocli reads and writes it (its own binding reflects). */
    private static final class Field implements IGetter, ISetter {
        private final Supplier<Object> get;
        private final Consumer<Object> set;

        Field(Supplier<Object> get, Consumer<Object> set) {
            this.get = get;
            this.set = set;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            return (T) get.get();
        }

        @Override
        public <T> T set(T value) {
            T old = get();
            set.accept(value);
            return old;
        }
    }
}
