package dev.overhead.cli;

import dev.overhead.plan.StudyPlan;
import dev.overhead.run.StudySpec;
import dev.overhead.study.Allowance;
import dev.overhead.study.BuiltVariants;
import dev.overhead.study.PlanReading;
import dev.overhead.study.StudyExecution;
import dev.overhead.study.Told;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
            completionCandidates = NameCandidates.PresetSpecs.class,
            description = "A variant: 'NAME: [KEY=VALUE ...] [PREFIX ...]' (repeat; the command follows --).")
    List<String> variantSpecs = new ArrayList<>();

    @Option(
            names = "--workload",
            paramLabel = "PROFILE[:KEY=VALUE,...]",
            completionCandidates = NameCandidates.ProfileNames.class,
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
            names = "--install-boot-unit",
            paramLabel = "DIR",
            arity = "0..1",
            fallbackValue = "/etc/systemd/system",
            description = "Boot studies (plan levels: {boot: N}): also write the systemd unit that resumes the study"
                    + " after every start, into DIR (default /etc/systemd/system).")
    Path installBootUnit;

    @Option(
            names = "--runs",
            paramLabel = "N",
            description = "Exactly N measured runs per variant (no adaptive stopping).")
    Integer runs;

    @Mixin
    RunningOptions running;

    @Option(
            names = "--precision",
            paramLabel = "PCT",
            description = "Adaptive stopping also waits until every primary interval is at most ±PCT wide"
                    + " (half-width in percentage points, e.g. 2%%; default: the threshold; off: stop as soon as"
                    + " every verdict is settled, and accept a change inflated by the early stop).")
    String precision;

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

    @Option(names = "--ignore-failure", description = "Keep going when a run exits non-zero.")
    boolean ignoreFailure;

    @Option(
            names = "--metric",
            paramLabel = "'NAME[:lower|higher]=REGEX'",
            description = "A figure parsed from the output; the first capture group is the value.")
    List<String> metrics = new ArrayList<>();

    @Option(
            names = "--commit",
            paramLabel = "SHA",
            description = "The commit measured, recorded with the study (default: HEAD of the git work tree run in).")
    String commit;

    @Option(
            names = "--branch",
            paramLabel = "NAME",
            description = "The branch measured, recorded with the study (default: the git work tree's branch).")
    String branch;

    @Mixin
    NotifyOption notify = new NotifyOption();

    // set by an agent started with --allow-program: what the study may start (study.Allowance)
    @Option(names = "--allow-programs", hidden = true, paramLabel = "LIST")
    String allowPrograms;

    @Option(names = "--label", paramLabel = "TEXT", description = "A name for the study, to find it again.")
    String label;

    @Option(
            names = "--output",
            paramLabel = "inherit|null|FILE",
            defaultValue = "null",
            description = "Where the commands' output goes (default: discarded).")
    String output;

    @Option(names = "--counters", description = "Count instructions and cycles of each run where the CPU exposes them.")
    boolean counters;

    @Mixin
    VmOptions vm;

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

    @Option(
            names = "--keep-builds",
            description = "Keep the build directories of compiler-flag variants after the study (default: removed"
                    + " once it is done; a study interrupted or failed keeps them for resume).")
    boolean keepBuilds;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec commandSpec;

    @Override
    public Integer call() {
        RunChecks.beforePlan(this, commandSpec.commandLine().getParseResult().originalArgs());
        StudyPlan fromPlan = plan == null ? null : PlanReading.read(plan);
        StudySpec spec = buildSpec(fromPlan);
        RunChecks.beforeRunning(this, spec); // every option, before anything is built, run or stored
        StudySpec study = BuiltVariants.build(spec, commandSpec.commandLine().getErr());
        // the command line's --fail-if-worse, else the plan's: handed on, the mixin's field is left as parsed
        List<FailIfWorse.Threshold> failIfWorse =
                verdict.failIfWorse(fromPlan == null ? null : fromPlan.options().failIfWorsePct());
        PrintWriter err = commandSpec.commandLine().getErr();
        try (var told = Told.commit(commit, branch)) {
            return new StudyExecution(
                            err,
                            storeOption.access(),
                            notify.around(
                                    new ReportDelivery(
                                            commandSpec.commandLine().getOut(), err, outputs, verdict, failIfWorse),
                                    storeOption.access(),
                                    err),
                            running.fakeExec)
                    .installingBootUnit(installBootUnit)
                    .keepingBuilds(keepBuilds)
                    .allowing(allowPrograms == null ? Allowance.ANY : Allowance.of(List.of(allowPrograms)))
                    .run(study);
        }
    }

    StudySpec buildSpec(StudyPlan fromPlan) {
        return new RunSpecBuilder(this).build(fromPlan);
    }
}
