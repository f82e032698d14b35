package dev.overhead.run;

import dev.overhead.exec.ExecException;
import dev.overhead.exec.ExecRequest;
import dev.overhead.exec.ExecResult;
import dev.overhead.exec.Executor;
import dev.overhead.model.Run;
import dev.overhead.model.Stop;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.verdicts.Judge;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The run loop: warm-up, rounds in the chosen order, adaptive stopping, and a store write the
 * moment each run ends. Deciding is left to {@link Judge} and measuring to {@link Executor}.
 */
public final class StudyRunner {
    private final Executor executor;
    private final Store store;
    private final Listener listener;
    private final MachineHooks machine;
    private final LongSupplier nanoClock;
    private final Supplier<Instant> wallClock;
    private final Set<String> notes = new LinkedHashSet<>();
    private final RunCosts costs = RunCosts.fromEnvironment();
    private boolean leftBehindNoted;
    private Integer boot;
    private boolean share; // asShare() // the id of this boot's share of runs, in a study with boots as a level
    private volatile boolean cancelled;

    public StudyRunner(
            Executor executor,
            Store store,
            Listener listener,
            MachineHooks machine,
            LongSupplier nanoClock,
            Supplier<Instant> wallClock) {
        this.executor = executor;
        this.store = store;
        this.listener = listener;
        this.machine = machine;
        this.nanoClock = nanoClock;
        this.wallClock = wallClock;
    }

    /** Ctrl-C: kill the run in flight, keep what was measured. */
    public void cancel() {
        cancelled = true;
        executor.cancel();
    }

    /**
     * Runs a study. With {@code resumeFrom}, the study exists in the store already and its runs
     * count towards the targets.
     */
    public Outcome run(StudySpec spec, StudyInfo info, Map<String, Object> environment, StudyResult resumeFrom)
            throws StoreException {
        if (resumeFrom == null) {
            store.createStudy(info, spec.workloads(), spec.variants(), environment);
        } else {
            store.finish(info.id(), "running", resumeFrom.warnings());
        }
        Progress progress = new Progress(spec, resumeFrom, nanoClock);
        List<WorkloadResult> results = new ArrayList<>();
        Path scratch = usesScratch(spec) ? Scratch.make(info.id()) : null;
        try {
            for (int w = 0; w < spec.workloads().size() && !cancelled; w++) {
                Workload workload = spec.workloads().get(w);
                Duration budget = budgetFor(spec, progress, spec.workloads().size() - w);
                WorkloadLoop loop = new WorkloadLoop(
                        this, spec, info.id(), workload, existing(resumeFrom, workload), progress, budget, scratch);
                results.add(loop.run());
            }
            for (int w = results.size(); w < spec.workloads().size(); w++) { // not reached: interrupted
                Workload workload = spec.workloads().get(w);
                List<VariantResult> done = existing(resumeFrom, workload);
                List<VariantResult> so = spec.variants().stream()
                        .map(v -> done.stream()
                                .filter(d -> d.name().equals(v.name()))
                                .findFirst()
                                .orElse(new VariantResult(v, List.of())))
                        .toList();
                int most = so.stream().mapToInt(v -> v.runs().size()).max().orElse(0);
                results.add(new WorkloadResult(workload, so, new Stop(Stop.Reason.INTERRUPTED, most)));
            }
        } catch (RunFailure failure) {
            store.finish(info.id(), "failed", List.copyOf(notes));
            throw failure;
        } finally {
            Scratch.remove(scratch);
            listener.finished();
            costs.print(System.err);
        }
        notes.addAll(machine.warnings());
        if (!executor.exactMaxRss()) {
            notes.add("max_rss is not the command's own figure: no C compiler was found to build the forking helper,"
                    + " so each command inherited the JVM's peak; install gcc for exact memory figures");
        }
        Outcome.State state = cancelled ? Outcome.State.INTERRUPTED : Outcome.State.DONE;
        StudyResult raw = new StudyResult(info, environment, results, List.of(), List.copyOf(notes), List.of());
        StudySettings s = spec.settings();
        StudyResult analysed = Judge.of(s).analyse(raw, s.baseline(), s.compare());
        Map<String, Stop> stops = new java.util.LinkedHashMap<>();
        results.stream().filter(w -> w.stop() != null).forEach(w -> stops.put(w.name(), w.stop()));
        // one boot's share of a larger study ends it as running: "done" is said once, after the last boot
        String word = share && state == Outcome.State.DONE ? "running" : state.word();
        store.finish(info.id(), word, analysed.warnings(), stops);
        return new Outcome(analysed, state);
    }

    private static boolean usesScratch(StudySpec spec) {
        return spec.workloads().stream().anyMatch(w -> Scratch.used(w.command()) || Scratch.used(w.prepare()))
                || spec.variants().stream()
                        .anyMatch(
                                v -> Scratch.used(v.setup()) || Scratch.used(v.cleanup()) || Scratch.used(v.prefix()));
    }

    private Duration budgetFor(StudySpec spec, Progress progress, int workloadsLeft) {
        Duration total = spec.settings().timeBudget();
        if (total == null) {
            return null;
        }
        Duration left = total.minus(progress.elapsed());
        return left.isNegative() ? Duration.ZERO : left.dividedBy(workloadsLeft);
    }

    private static List<VariantResult> existing(StudyResult resumeFrom, Workload workload) {
        if (resumeFrom == null) {
            return List.of();
        }
        return resumeFrom.workloads().stream()
                .filter(w -> w.name().equals(workload.name()))
                .findFirst()
                .map(WorkloadResult::variants)
                .orElse(List.of());
    }

    boolean cancelled() {
        return cancelled;
    }

    /**
     * The runs this runner measures are one share of a study that goes on after it (a boot's, in a
     * guest): at their end the study stays {@code running}, never {@code done} between two boots.
     */
    public StudyRunner asShare() {
        share = true;
        return this;
    }

    /** Runs measured from now on are recorded as in this boot (levels: {boot: N}). */
    public void inBoot(Integer id) {
        boot = id;
    }

    Integer boot() {
        return boot;
    }

    RunCosts costs() {
        return costs;
    }

    Listener listener() {
        return listener;
    }

    MachineHooks machine() {
        return machine;
    }

    Instant now() {
        return wallClock.get();
    }

    void note(String sentence) {
        if (notes.add(sentence)) {
            listener.note(sentence);
        }
    }

    void store(String studyId, String workload, String variant, Run run) {
        try {
            store.addRun(studyId, workload, variant, run);
        } catch (StoreException e) {
            throw new RunFailure(
                    "a run could not be stored (" + e.getMessage() + "); the study stops so that"
                            + " nothing measured goes unrecorded",
                    e);
        }
    }

    /** Runs a command that is not measured (prepare, setup, cleanup); a failure stops the study. */
    void unmeasured(String what, List<String> argv, Variant variant) {
        ExecRequest request = ExecRequest.builder(argv)
                .env(variant == null ? Map.of() : variant.env())
                .keepGroup(true) // a set-up may start a server on purpose
                .build();
        ExecResult result = execute(request);
        if (result.exitCode() != 0 && !cancelled) {
            throw new RunFailure("the " + what + " command '" + String.join(" ", argv) + "' exited with code "
                    + result.exitCode() + tail(result.stderrTail()) + "; fix it or leave it out");
        }
    }

    ExecResult execute(ExecRequest request) {
        ExecResult result;
        try {
            result = executor.run(request);
        } catch (ExecException e) {
            throw new RunFailure(e.getMessage(), e);
        }
        if (result.leftBehind() && !leftBehindNoted) { // once per study: the first command is example enough
            leftBehindNoted = true;
            note("'" + String.join(" ", request.argv()) + "' left processes running when it ended (started with &?);"
                    + " they were killed at the end of each run, so that none ran on into the next");
        }
        return result;
    }

    static String tail(String stderr) {
        if (stderr == null || stderr.isBlank()) {
            return "";
        }
        String[] lines = stderr.strip().split("\n");
        String last = lines[lines.length - 1].strip();
        return ": " + (last.length() > 200 ? last.substring(last.length() - 200) : last);
    }
}
