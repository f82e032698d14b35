package dev.overhead.cli;

import dev.overhead.exec.Executor;
import dev.overhead.exec.Executors;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Workload;
import dev.overhead.plan.StudyPlan;
import dev.overhead.run.StudySpec;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.study.BuiltVariants;
import dev.overhead.study.PlanReading;
import dev.overhead.study.StudyExecution;
import dev.overhead.study.Terminal;
import dev.overhead.study.UserError;
import dev.overhead.why.PerfCheck;
import dev.overhead.why.Profiler;
import dev.overhead.why.SyscallTool;
import dev.overhead.why.WhyException;
import dev.overhead.why.WhyHtml;
import dev.overhead.why.WhyJson;
import dev.overhead.why.WhyReports;
import dev.overhead.why.WhyText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code overhead why}: where a cost comes from. Takes what {@code run} takes (its options are
 * mixed in and turned into a study by {@link RunSpecBuilder}), or a stored study's name, and profiles
 * each variant with perf over interleaved rounds.
 */
@Command(
        name = "why",
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Where a cost comes from: profile each variant with perf and compare the profiles across runs.",
            "  overhead why -V base: -V 'hot: HOT=1' -- ./prog",
            "  overhead why STUDY                          the variants of a stored study"
        })
final class WhyCommand implements Callable<Integer> {
    static final int DEFAULT_ROUNDS = 10;

    /** Options of {@code run} that profiling has no use for: refused rather than silently ignored. */
    static final List<String> NOT_FOR_WHY = List.of(
            "--min-runs",
            "--max-runs",
            "--precision",
            "--time-budget",
            "--ignore-failure",
            "--metric",
            "--primary",
            "--label",
            "--counters",
            "--install-boot-unit",
            "--drop-caches",
            "--randomize-layout",
            "--adjust",
            "--fail-if-worse",
            "--metrics",
            "--ascii");

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    RunCommand run;

    @Option(
            names = "--profile-dir",
            paramLabel = "DIR",
            description = "Where the perf.data files go (default: profiles/why-TIME beside the store).")
    Path profileDir;

    @Option(
            names = "--event",
            paramLabel = "EVENT",
            description = "The perf event to sample (default: cycles where the CPU counts them, else cpu-clock).")
    String event;

    @Option(
            names = "--call-graph",
            paramLabel = "fp|dwarf|lbr|none",
            defaultValue = "fp",
            description = "How perf records call chains (default: ${DEFAULT-VALUE}, frame pointers).")
    String callGraph;

    @Option(
            names = "--frequency",
            paramLabel = "HZ",
            defaultValue = "4000",
            description = "Samples per second (default: ${DEFAULT-VALUE}).")
    int frequency;

    @Option(
            names = "--syscalls",
            paramLabel = "auto|perf-trace|strace|none",
            defaultValue = "auto",
            description = "What counts system calls, in runs of their own (default: perf trace -s, else strace).")
    String syscalls;

    @Option(names = "--top", paramLabel = "N", defaultValue = "12", description = "Rows per table in the text.")
    int top;

    @Override
    public Integer call() {
        PrintWriter out = run.commandSpec.commandLine().getOut();
        PrintWriter err = run.commandSpec.commandLine().getErr();
        checkOptions();
        Optional<StudySpec> stored = storedStudy();
        StudySpec spec = stored.isPresent() ? stored.get() : study(err);
        if (spec.variants().size() < 2) {
            throw UserError.usage("overhead why compares variants: give two or more (-V base: -V 'new: ...' --"
                    + " CMD), or the name of a stored study");
        }
        Path dir = directory();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UserError(
                    1,
                    "the profile directory " + dir + " cannot be made (" + e.getMessage()
                            + "); name another with --profile-dir",
                    e);
        }
        PerfCheck perf = PerfCheck.probe(dir, event, syscallTool());
        if (perf.refusal().isPresent()) {
            throw new UserError(2, perf.refusal().get());
        }
        StudyExecution.preflight(spec);
        StudySettings s = spec.settings();
        // a stored study's own run count was chosen for measuring, not for profiling: --runs, or the default
        int rounds = run.runs != null
                ? run.runs
                : stored.isEmpty() && s.stopping() instanceof Stopping.Fixed f ? f.runs() : DEFAULT_ROUNDS;
        Profiler.Settings settings = new Profiler.Settings(
                rounds,
                s.warmup(),
                perf.event(),
                callGraph,
                frequency,
                perf.syscalls(),
                s.order(),
                s.seed(),
                s.timeout(),
                spec.output(),
                s.cpus(),
                s.nice(),
                s.noAslr(),
                s.prepare());
        List<dev.overhead.why.WhyReport> reports = new ArrayList<>();
        boolean terminal = Terminal.isTerminal(2);
        try (Executor executor = Executors.create(false)) {
            Profiler profiler = new Profiler(executor, settings, dir, line -> {
                if (terminal) {
                    err.print("\r\033[Kwhy: " + line);
                    err.flush();
                }
            });
            int w = 0;
            for (Workload workload : spec.workloads()) {
                w++;
                var runs = profiler.profile(workload, spec.variants(), "w" + w);
                reports.add(WhyReports.of(workload, spec.variants(), runs, settings, s, dir, perf.notes()));
            }
        } catch (WhyException e) {
            throw new UserError(
                    1, StudyExecution.sentence(e.getMessage()) + " The profiles so far are in " + dir + ".", e);
        } finally {
            if (terminal) {
                err.print("\r\033[K");
                err.flush();
            }
        }
        write(out, reports);
        return 0;
    }

    private void write(PrintWriter out, List<dev.overhead.why.WhyReport> reports) {
        OutputOptions o = run.outputs;
        switch (o.format) {
            case "json" -> out.print(WhyJson.render(reports));
            case "html" -> out.print(WhyHtml.render(reports));
            default -> reports.forEach(r -> out.print(WhyText.render(r, top)));
        }
        export(o.json, WhyJson.render(reports));
        if (o.html != null) {
            export(o.html, WhyHtml.render(reports));
        }
    }

    private static void export(Path file, String text) {
        if (file == null) {
            return;
        }
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError(1, "the report could not be written to " + file + " (" + e.getMessage() + ")", e);
        }
    }

    private void checkOptions() {
        List<String> unused = NOT_FOR_WHY.stream()
                .filter(spec.commandLine().getParseResult()::hasMatchedOption)
                .toList();
        if (!unused.isEmpty()) {
            boolean one = unused.size() == 1;
            throw UserError.usage("overhead why profiles --runs rounds and shows every symbol: "
                    + String.join(", ", unused) + (one ? " has" : " have") + " no use here, leave "
                    + (one ? "it out (it is" : "them out (they are") + " for overhead run)");
        }
        OutputOptions o = run.outputs;
        if (!List.of("text", "json", "html").contains(o.format)) {
            throw UserError.usage("overhead why writes --format text, json or html (not " + o.format + ")");
        }
        if (o.csv != null || o.markdown != null || o.hyperfine != null || o.gobench != null || o.pts != null) {
            throw UserError.usage("overhead why exports --export-json and --export-html only");
        }
        if (!List.of("fp", "dwarf", "lbr", "none").contains(callGraph)) {
            throw UserError.usage("--call-graph takes fp, dwarf, lbr or none (not " + callGraph + ")");
        }
        if (frequency < 1 || top < 1) {
            throw UserError.usage("--frequency and --top must be at least 1");
        }
        if (run.running.fakeExec) {
            throw UserError.usage("overhead why profiles real runs: --fake-exec cannot be used with it");
        }
        syscallTool();
    }

    /** null: the best the machine has. */
    private SyscallTool syscallTool() {
        return switch (syscalls) {
            case "auto" -> null;
            case "perf-trace" -> SyscallTool.PERF_TRACE;
            case "strace" -> SyscallTool.STRACE;
            case "none" -> SyscallTool.NONE;
            default ->
                throw UserError.usage("--syscalls takes auto, perf-trace, strace or none (not " + syscalls + ")");
        };
    }

    /** The study the run options describe. */
    private StudySpec study(PrintWriter err) {
        StudyPlan fromPlan = run.plan == null ? null : PlanReading.read(run.plan);
        return BuiltVariants.build(run.buildSpec(fromPlan), err);
    }

    /** With one word and nothing else, the stored study of that name (its variants and workloads). */
    private Optional<StudySpec> storedStudy() {
        if (run.plan != null
                || !run.variantSpecs.isEmpty()
                || !run.workloadSpecs.isEmpty()
                || run.commands.size() != 1) {
            return Optional.empty();
        }
        try (Store store = run.storeOption.openForReading()) {
            return store.load(run.commands.getFirst()).map(ResumeCommand::specOf);
        } catch (StoreException | UserError e) {
            return Optional.empty(); // no store yet, or no such study: the word is a command
        }
    }

    private Path directory() {
        if (profileDir != null) {
            return profileDir;
        }
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path store;
        try {
            store = run.storeOption.file();
        } catch (UserError e) {
            store = null;
        }
        Path base = store == null || store.getParent() == null ? Path.of(".") : store.getParent();
        return base.resolve("profiles").resolve("why-" + stamp);
    }
}
