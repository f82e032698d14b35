package dev.overhead.study;

import dev.overhead.exec.Executor;
import dev.overhead.exec.Executors;
import dev.overhead.exec.OutputPolicy;
import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.run.Listener;
import dev.overhead.run.Outcome;
import dev.overhead.run.RunFailure;
import dev.overhead.run.StudyRunner;
import dev.overhead.run.StudySpec;
import dev.overhead.run.VariantBuilds;
import dev.overhead.stats.Comparison;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.store.StudyIds;
import dev.overhead.verdicts.Judge;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Measures one bisection step as an ordinary study: the good build and the tested build as two
 * variants, interleaved in rounds with sequential stopping, every run stored as it ends. One store
 * and one executor serve every step. A step whose study is already complete in the store (same
 * label, command and settings) is taken from there; an interrupted one is resumed.
 */
public final class BisectSteps implements AutoCloseable {
    private final PrintWriter err;
    private final boolean fake;
    private final boolean reuse;
    private final Store store;
    private final Executor executor;
    private Map<String, Object> environment;

    /** What a step measured: the study and the primary comparison, or why there is none. */
    public record Measured(
            StudyResult study, Comparison comparison, boolean interrupted, String failure, boolean reused) {}

    /** @param reuse take a complete study stored under the same label instead of measuring again */
    public BisectSteps(PrintWriter err, StoreAccess storeOption, boolean fake, boolean reuse) {
        this.err = err;
        this.fake = fake;
        this.reuse = reuse;
        this.store = storeOption.open();
        try {
            this.executor = Executors.create(fake);
        } catch (RuntimeException e) {
            closeStore();
            throw e;
        }
    }

    /** The variant of a build: its directory in {@code OVERHEAD_BUILD_DIR}, which fills {@code {build_dir}}. */
    public static Variant variant(String name, Path dir) {
        return new Variant(name, Map.of(VariantBuilds.DIR, dir.toString()), List.of(), List.of(), List.of());
    }

    /**
     * Measures {@code tested} against {@code good} under {@code label}.
     *
     * @param first true for the first step of a bisection: a command that cannot run there is the
     *              user's to fix (thrown), not a reason to skip the commit
     */
    public Measured measure(
            String label, Workload workload, Variant good, Variant tested, StudySettings settings, boolean first) {
        return measure(label, workload, good, tested, settings, first, null);
    }

    /**
     * @param decisionPct the figure the step's interval must leave before it stops (a bisection's midpoint
     *                    between its two ends), or null: its verdict decides alone
     */
    public Measured measure(
            String label,
            Workload workload,
            Variant good,
            Variant tested,
            StudySettings settings,
            boolean first,
            Double decisionPct) {
        StudySpec spec = new StudySpec(
                label, List.of(workload), List.of(good, tested), settings, new OutputPolicy.Discard(), decisionPct);
        if (!fake && first) {
            StudyExecution.preflight(spec);
        }
        if (environment == null) {
            environment = Machine.environment(spec, fake); // once: the machine does not change between steps
        }
        Optional<StudyResult> earlier = reuse ? earlier(label, spec) : Optional.empty();
        if (earlier.isPresent() && "done".equals(state(earlier.get().info().id()))) {
            StudySettings s = earlier.get().info().settings();
            StudyResult judged = Judge.of(s).analyse(earlier.get(), s.baseline(), s.compare());
            return new Measured(judged, primary(judged, tested.name()), false, null, true);
        }
        StudyInfo info;
        StudyResult resumeFrom = null;
        if (earlier.isPresent() && resumable(earlier.get())) {
            resumeFrom = earlier.get();
            info = resumeFrom.info();
            spec = new StudySpec(label, spec.workloads(), spec.variants(), info.settings(), spec.output(), decisionPct);
        } else {
            info = new StudyInfo(StudyIds.newId(Instant.now()), label, Instant.now(), settings);
        }
        Listener listener = Terminal.isTerminal(2) ? new TerminalProgress(err, Terminal.width()) : Listener.SILENT;
        StudyRunner runner = new StudyRunner(
                executor, store, listener, Machine.hooks(settings, environment, fake), System::nanoTime, Instant::now);
        if (!Interrupts.handOver(runner::cancel) || Interrupts.exitCode() != 0) {
            return new Measured(null, null, true, null, false);
        }
        try (Store.Held held = store.lock(info.id())) {
            Outcome outcome =
                    runner.run(spec, info, resumeFrom == null ? environment : resumeFrom.environment(), resumeFrom);
            boolean interrupted = outcome.state() == Outcome.State.INTERRUPTED || Interrupts.exitCode() != 0;
            return new Measured(outcome.result(), primary(outcome.result(), tested.name()), interrupted, null, false);
        } catch (RunFailure failure) {
            if (first) {
                throw new UserError(
                        1,
                        StudyExecution.sentence(failure.getMessage()) + " The runs so far are kept in" + " study "
                                + info.id() + ".",
                        failure);
            }
            return new Measured(null, null, false, StudyExecution.sentence(failure.getMessage()), false);
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        }
    }

    /** The newest study stored under this label, if it measured the same command the same way. */
    private Optional<StudyResult> earlier(String label, StudySpec spec) {
        try {
            Optional<StudyResult> found = store.load(label);
            return found.filter(s -> same(s, spec));
        } catch (StoreException e) {
            return Optional.empty(); // an unreadable earlier study is measured again, not reused
        }
    }

    private static boolean same(StudyResult stored, StudySpec spec) {
        StudySettings a = stored.info().settings();
        StudySettings b = spec.settings();
        return stored.workloads().size() == 1
                && stored.workloads()
                        .getFirst()
                        .workload()
                        .command()
                        .equals(spec.workloads().getFirst().command())
                && stored.workloads().getFirst().variants().stream()
                        .map(v -> v.name())
                        .toList()
                        .equals(spec.variants().stream().map(Variant::name).toList())
                && a.compare().equals(b.compare())
                && a.primary().equals(b.primary())
                && a.stopping().equals(b.stopping());
    }

    private boolean resumable(StudyResult s) {
        String state = state(s.info().id());
        return "interrupted".equals(state) || "running".equals(state);
    }

    private String state(String id) {
        try {
            return store.studyDefinition(id).map(d -> d.state()).orElse("");
        } catch (StoreException e) {
            return "";
        }
    }

    /** The comparison of the tested build against the good one on the primary metric. */
    public static Comparison primary(StudyResult study, String tested) {
        String metric = study.info().settings().primary();
        return study.comparisons().stream()
                .filter(r -> !r.overall()
                        && r.metric().equals(metric)
                        && r.candidate().equals(tested))
                .map(ComparisonRow::comparison)
                .findFirst()
                .orElse(null);
    }

    @Override
    public void close() {
        try {
            executor.close();
        } catch (Exception e) {
            // the helper process ends with its socket anyway
        }
        closeStore();
    }

    private void closeStore() {
        try {
            store.close();
        } catch (StoreException e) {
            // nothing is left unwritten: every run was committed when it ended
        }
    }
}
