package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The hand-built trees of --version, compare and report (HandBuiltTree, for start-up) are the annotations' tree:
 * the same attributes for every option and parameter, the same values after parsing. (LazyTreeTest checks
 * their help, errors and version text against the whole tree.)
 */
class HandBuiltTreeTest {
    private static List<String> describe(CommandSpec spec) {
        List<String> d = new ArrayList<>();
        d.add("command " + spec.name() + " scope=" + spec.scopeType() + " version provider="
                + spec.versionProvider().getClass() + " description="
                + Arrays.toString(spec.usageMessage().description()) + " " + spec.exitCodeOnSuccess()
                + spec.exitCodeOnInvalidInput() + spec.exitCodeOnUsageHelp() + spec.exitCodeOnVersionHelp()
                + spec.exitCodeOnExecutionException());
        for (OptionSpec o : spec.options()) {
            d.add(describe(o) + " names=" + Arrays.toString(o.names()) + " usage=" + o.usageHelp() + " version="
                    + o.versionHelp() + " negatable=" + o.negatable() + " fallback=" + o.fallbackValue() + " order="
                    + o.order());
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            d.add(describe(p) + " index=" + p.index());
        }
        return d;
    }

    private static String describe(ArgSpec a) {
        return "label=" + a.paramLabel() + " arity=" + a.arity() + " type=" + a.type() + " aux="
                + Arrays.toString(a.auxiliaryTypes()) + " split=" + a.splitRegex() + " default=" + a.defaultValue()
                + " initial=" + a.initialValue() + " hasInitial=" + a.hasInitialValue() + " required=" + a.required()
                + " hidden=" + a.hidden() + " interactive=" + a.interactive() + " description="
                + Arrays.toString(a.description()) + " key=" + a.descriptionKey() + " showDefault="
                + a.showDefaultValue() + " hideParamSyntax=" + a.hideParamSyntax() + " inherited=" + a.inherited()
                + " scope=" + a.scopeType() + " converters=" + a.converters().length + " completion="
                + a.completionCandidates();
    }

    @Test
    void versionsRootIsTheAnnotatedRoot() {
        assertThat(describe(HandBuiltTree.root().getCommandSpec()))
                .isEqualTo(describe(new CommandLine(new LazyTree.Root()).getCommandSpec()));
    }

    @Test
    void compareIsTheAnnotatedCompare() {
        CommandLine annotated = new CommandLine(new Main());
        CommandLine hand = HandBuiltTree.compare();
        assertThat(describe(hand.getCommandSpec()))
                .isEqualTo(describe(new CommandLine(new LazyTree.Root()).getCommandSpec()));
        assertThat(describe(hand.getSubcommands().get("compare").getCommandSpec()))
                .isEqualTo(describe(annotated.getSubcommands().get("compare").getCommandSpec()));
    }

    /** VerdictOptions' options, each given (the repeatable one twice). */
    private static final String[] VERDICT = {
        "--threshold",
        "2",
        "--confidence",
        "0.9",
        "--baseline",
        "B",
        "--estimand",
        "typical",
        "--adjust",
        "holm",
        "--fail-if-worse",
        "5",
        "--fail-if-worse",
        "wall:3"
    };

    /** StoreOption's and OutputOptions' options, each given (--metrics twice). */
    private static final String[] OUTPUTS = {
        "--store",
        "s.db",
        "--format",
        "json",
        "--export-json",
        "j",
        "--export-csv",
        "c",
        "--export-markdown",
        "m",
        "--export-html",
        "h",
        "--ascii",
        "--export-hyperfine-json",
        "hf",
        "--export-gobench",
        "g",
        "--export-pts",
        "p",
        "--metrics",
        "wall,rss",
        "--metrics",
        "all"
    };

    private static String[] given(String[] command, String[]... options) {
        var all = new ArrayList<>(List.of(command));
        for (String[] o : options) all.addAll(List.of(o));
        return all.toArray(String[]::new);
    }

    @Test
    void reportIsTheAnnotatedReport() {
        CommandLine annotated = new CommandLine(new Main());
        CommandLine hand = HandBuiltTree.report();
        assertThat(describe(hand.getCommandSpec()))
                .isEqualTo(describe(new CommandLine(new LazyTree.Root()).getCommandSpec()));
        assertThat(describe(hand.getSubcommands().get("report").getCommandSpec()))
                .isEqualTo(describe(annotated.getSubcommands().get("report").getCommandSpec()));
    }

    @Test
    void everyReportOptionLandsInTheSameField() {
        String[] args = given(new String[] {"report", "STUDY-1"}, OUTPUTS, VERDICT);
        assertThat(reportFields(HandBuiltTree.report(), args))
                .isEqualTo(reportFields(new CommandLine(new Main()), args));
        String[] one = {"report", "x"};
        assertThat(reportFields(HandBuiltTree.report(), one)).isEqualTo(reportFields(new CommandLine(new Main()), one));
    }

    private static List<Object> reportFields(CommandLine root, String[] args) {
        var parsed = root.parseArgs(args).subcommand();
        ReportCommand r = (ReportCommand) parsed.commandSpec().userObject();
        assertThat(r.spec).isSameAs(parsed.commandSpec());
        List<Object> f = new ArrayList<>(Arrays.asList(r.study, r.storeOption.store));
        f.addAll(options(r.verdict, r.outputs));
        return f;
    }

    private static List<Object> options(VerdictOptions v, OutputOptions o) {
        return Arrays.asList(
                v.threshold,
                v.confidence,
                v.baseline,
                v.estimand,
                v.adjust,
                v.failIfWorse,
                o.format,
                o.json,
                o.csv,
                o.markdown,
                o.html,
                o.ascii,
                o.hyperfine,
                o.gobench,
                o.pts,
                o.metrics);
    }

    /** Every option given once (twice for the repeatable ones), then read back from the command's fields. */
    @Test
    void everyOptionLandsInTheSameField() {
        String[] args = given(new String[] {"compare", "a.csv", "b.json", "--submission", "S"}, VERDICT, OUTPUTS);
        assertThat(fields(HandBuiltTree.compare(), args)).isEqualTo(fields(new CommandLine(new Main()), args));
        String[] none = {"compare"};
        assertThat(fields(HandBuiltTree.compare(), none)).isEqualTo(fields(new CommandLine(new Main()), none));
    }

    private static List<Object> fields(CommandLine root, String[] args) {
        var parsed = root.parseArgs(args).subcommand();
        CompareCommand c = (CompareCommand) parsed.commandSpec().userObject();
        assertThat(c.spec).isSameAs(parsed.commandSpec());
        List<Object> f = new ArrayList<>(Arrays.asList(c.inputs, c.submission, c.storeOption.store));
        f.addAll(options(c.verdict, c.outputs));
        return f;
    }
}
