package dev.overhead.run;

import dev.overhead.exec.ExecRequest;
import dev.overhead.exec.ExecResult;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.Run;
import dev.overhead.model.RunOrder;
import dev.overhead.model.Stop;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Comparison;
import dev.overhead.verdicts.StoppingRule;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The runs of one workload: warm-up, setups, rounds until the stopping rule is satisfied, cleanups. */
final class WorkloadLoop {
    private final StudyRunner runner;
    private final StudySpec spec;
    private final StudySettings options;
    private final String studyId;
    private final Workload workload;
    private final Progress progress;
    private final Duration budget;
    private final Duration startedAt;
    private final List<List<Run>> runs = new ArrayList<>();
    private final MetricSpec primary;
    private final RunRequests requests;
    private final StoppingRule rule;
    private final LiveComparisons live;
    private Comparison current;
    private Stop.Reason stop;

    WorkloadLoop(
            StudyRunner runner,
            StudySpec spec,
            String studyId,
            Workload workload,
            List<VariantResult> existing,
            Progress progress,
            Duration budget,
            java.nio.file.Path scratch) {
        this.runner = runner;
        this.spec = spec;
        this.options = spec.settings();
        this.rule = StoppingRule.of(options, spec.decisionPct());
        this.studyId = studyId;
        this.workload = workload;
        this.progress = progress;
        this.budget = budget;
        this.startedAt = progress.elapsed();
        for (Variant v : spec.variants()) {
            runs.add(new ArrayList<>(existing.stream()
                    .filter(e -> e.name().equals(v.name()))
                    .findFirst()
                    .map(VariantResult::runs)
                    .orElse(List.of())));
        }
        this.primary = primaryMetric(workload, workload.primaryOr(options.primary()));
        this.requests = new RunRequests(spec, workload, scratch);
        this.live = new LiveComparisons(spec.variants(), options, runs, primary);
        if (spec.variants().size() > 1) {
            runner.note(requests.layoutNote());
        }
    }

    static MetricSpec primaryMetric(Workload workload, String name) {
        return workload.metrics().stream()
                .filter(m -> m.name().equals(name))
                .findFirst()
                .or(() -> Metrics.builtin(name).map(Metrics.Builtin::spec))
                .orElseThrow(() -> new IllegalArgumentException("the primary metric '" + name
                        + "' is neither a built-in metric nor one parsed from workload '" + workload.name() + "'"));
    }

    /**
     * The runs that count towards a fixed number (--runs, or blocked order's): without --ignore-failure
     * only the good ones. A failed run stops such a study and is kept in the store; counted with the
     * rest, it made {@code resume} end the study {@code done} one good run short, and say nothing
     * (docs/reliability.md, issue 33 case 8). With --ignore-failure failed runs are accepted as part of
     * the count, as before: a command that always fails would otherwise never reach it.
     */
    private int counted(int v) {
        if (options.ignoreFailure()) {
            return runs.get(v).size();
        }
        int good = 0;
        for (Run r : runs.get(v)) {
            if (!r.failed()) {
                good++;
            }
        }
        return good;
    }

    /** A variant that still needs runs to reach a fixed --runs (always, where stopping is adaptive). */
    private boolean wanted(int v) {
        return options.runs() == null || counted(v) < options.runs();
    }

    WorkloadResult run() {
        List<Variant> variants = spec.variants();
        // Warm-up runs come after the set-ups and each is prepared like a measured run: a warm-up is the run it
        // warms up for, only not recorded. On resume too: the machine may have rebooted, its caches are cold again.
        if (options.order() == RunOrder.BLOCKED) {
            int target = options.minRuns();
            if (options.adaptive()) {
                runner.note("blocked order takes a fixed number of runs (" + target
                        + " per variant, from --min-runs); adaptive stopping needs rounds");
            }
            for (int v = 0; v < variants.size() && !runner.cancelled(); v++) {
                setup(variants.get(v));
                warmUp(List.of(v));
                runner.costs().start();
                while (counted(v) < target && !runner.cancelled()) {
                    measure(v, runs.get(v).size());
                }
                cleanup(variants.get(v));
            }
        } else {
            variants.forEach(this::setup);
            warmUp(java.util.stream.IntStream.range(0, variants.size()).boxed().toList());
            runner.costs().start();
            Scheduler scheduler = new Scheduler(
                    options.order(), options.seed() + workload.name().hashCode());
            int round = runs.stream().mapToInt(List::size).min().orElse(0);
            // a resumed study draws the orders the uninterrupted one would have: one seed, one order
            scheduler.skip(round, variants.size());
            while (!runner.cancelled() && !enough(round)) {
                for (int v : scheduler.nextRound(variants.size())) {
                    if (runner.cancelled()) {
                        break;
                    }
                    if (runs.get(v).size() <= round && wanted(v)) {
                        measure(v, round);
                    }
                }
                round++;
                current = live.leastSettled();
            }
            variants.forEach(this::cleanup);
        }
        List<VariantResult> results = new ArrayList<>();
        for (int v = 0; v < variants.size(); v++) {
            results.add(new VariantResult(variants.get(v), runs.get(v)));
        }
        int most = runs.stream().mapToInt(List::size).max().orElse(0);
        Stop.Reason why = runner.cancelled() ? Stop.Reason.INTERRUPTED : stop != null ? stop : Stop.Reason.RUNS;
        return new WorkloadResult(workload, results, new Stop(why, most));
    }

    private boolean enough(int round) {
        if (options.runs() != null) {
            boolean reached;
            if (!options.ignoreFailure()) { // a failed run does not count: resume tops up to the good runs
                reached = true;
                for (int v = 0; v < runs.size(); v++) {
                    if (wanted(v)) {
                        reached = false;
                    }
                }
            } else {
                reached = round >= options.runs();
            }
            if (reached) {
                stop = Stop.Reason.RUNS;
            }
            return stop != null;
        }
        int builds = spec.variants().stream()
                .mapToInt(options.levels()::builds)
                .max()
                .orElse(0);
        if (builds > 1) { // the verdict is over builds: stopping on the runs' interval would not settle it
            int perBuild = Math.max(2, (options.minRuns() + builds - 1) / builds);
            if (round >= perBuild * builds) {
                stop = Stop.Reason.RUNS;
            }
            return stop != null;
        }
        boolean spent = budget != null
                && round >= 2
                && progress.elapsed().minus(startedAt).compareTo(budget) >= 0;
        // one rule for the loop and the simulations (verdicts.StoppingRule); it decides only at the
        // schedule's looks (stats.SequentialPlan), so each look's interval is as wide as the plan promised
        stop = rule.decide(round, spent, live::primaries);
        if (stop == Stop.Reason.MAX_RUNS) {
            notePrecisionMissed(round);
        } else if (stop == Stop.Reason.TIME_BUDGET) {
            runner.note("the time budget ended the study after " + round + " runs per variant of " + workload.name());
        }
        return stop != null;
    }

    private void notePrecisionMissed(int round) {
        Double wish = options.precisionPct();
        if (wish == null || spec.variants().size() < 2) {
            return;
        }
        double widest = 0;
        for (Comparison c : live.primaries()) {
            if (c != null && !rule.precise(c)) {
                widest = Math.max(widest, StoppingRule.halfWidth(c));
            }
        }
        if (widest > 0) {
            runner.note(String.format(
                    java.util.Locale.ROOT,
                    "%s: the precision asked for (±%s%%) was not reached in %d runs per variant (the widest"
                            + " %s interval is ±%.2f%%); raise --max-runs to get there",
                    workload.name(),
                    java.math.BigDecimal.valueOf(wish).stripTrailingZeros().toPlainString(),
                    round,
                    primary.name(),
                    widest));
        }
    }

    /** The warm-up rounds of these variants: every step of a measured run (its build, the machine's hooks before
     * it, the prepare commands, the tree) except the record. */
    private void warmUp(List<Integer> which) {
        for (int i = 0; i < options.warmup() && !runner.cancelled(); i++) {
            for (int v : which) {
                if (runner.cancelled()) {
                    return;
                }
                Variant variant = spec.variants().get(v);
                Integer build = options.levels().buildOf(variant, i);
                runner.machine().beforeRun();
                prepare(variant, build);
                ExecResult result = runner.execute(requests.warmUp(variant, build));
                if (result.exitCode() != 0 && !options.ignoreFailure() && !runner.cancelled()) {
                    throw failure(variant, "a warm-up run", result);
                }
            }
        }
    }

    private void prepare(Variant variant, Integer build) {
        List<String> prepare = requests.prepare(variant, build);
        if (!prepare.isEmpty()) {
            runner.unmeasured("prepare", prepare, variant);
        }
        if (options.prepare() != null) {
            runner.unmeasured("prepare", List.of("/bin/sh", "-c", options.prepare()), variant);
        }
    }

    private void setup(Variant variant) {
        if (!variant.setup().isEmpty()) {
            runner.unmeasured("setup", requests.resolve(variant.setup()), variant);
        }
    }

    private void cleanup(Variant variant) {
        if (!variant.cleanup().isEmpty() && !runner.cancelled()) {
            runner.unmeasured("cleanup", requests.resolve(variant.cleanup()), variant);
        }
    }

    private void measure(int v, int round) {
        RunCosts costs = runner.costs();
        costs.lap(RunCosts.Part.LOOP);
        Variant variant = spec.variants().get(v);
        // builds take turns by round (blocked order: by run), so each gets the same share of runs
        Integer build = requests.buildOf(variant, round, runs.get(v).size());
        runner.machine().beforeRun();
        costs.lap(RunCosts.Part.MACHINE_BEFORE);
        prepare(variant, build);
        Instant started = runner.now();
        ExecRequest request = requests.measured(variant, build, round);
        costs.lap(RunCosts.Part.REQUEST);
        ExecResult r = runner.execute(request);
        costs.lap(RunCosts.Part.HELPER, (long) (r.wallS() * 1e9));
        if (runner.cancelled()) {
            return; // killed in flight: not a measurement
        }
        Map<String, Double> parsed = OutputMetrics.parse(workload.metrics(), r.stdout(), r.stderrTail());
        for (MetricSpec m : workload.metrics()) {
            if (!parsed.containsKey(m.name()) && r.exitCode() == 0) {
                runner.note("metric '" + m.name() + "' was not found in the output of " + variant.name() + " on "
                        + workload.name() + " (pattern " + m.regex() + ")");
            }
        }
        if (r.counters().missing() != null) {
            runner.note(r.counters().missing());
        }
        if (r.tree().missing() != null) {
            runner.note(r.tree().missing());
        }
        // The counters and the tree's figures sit beside the parsed figures; a parsed metric of the same name
        // wins (none can have a tree figure's name: Metrics.RESERVED).
        Map<String, Double> metrics = new HashMap<>(r.counters().values());
        metrics.putAll(r.tree().values());
        metrics.putAll(parsed);
        Run run = new Run(
                runs.get(v).size(),
                progress.nextSequence(),
                runner.boot() != null ? -1 : round, // a boot's runs share no round with another variant's
                started,
                r.exitCode(),
                r.signal(),
                r.timedOut(),
                r.wallS(),
                r.userS(),
                r.sysS(),
                r.maxRssKib(),
                r.maxRssExact(),
                r.minorFaults(),
                r.majorFaults(),
                r.voluntaryCs(),
                r.involuntaryCs(),
                r.fsInBlocks(),
                r.fsOutBlocks(),
                metrics,
                build,
                runner.boot());
        costs.lap(RunCosts.Part.RECORD);
        runner.store(studyId, workload.name(), variant.name(), run);
        costs.lap(RunCosts.Part.STORE);
        runs.get(v).add(run);
        progress.runEnded();
        runner.machine().afterRun();
        costs.lap(RunCosts.Part.MACHINE_AFTER);
        if (run.failed()) {
            if (!options.ignoreFailure()) {
                throw failure(variant, "run " + (run.index() + 1), r);
            }
            runner.note("failed runs are kept in the data but left out of the statistics (--ignore-failure)");
        }
        if (runner.listener() == Listener.SILENT) { // no terminal: the spread (O(runs) each run) is for nobody
            costs.lap(RunCosts.Part.PROGRESS);
            costs.runEnded();
            return;
        }
        double[] values = live.sample(v).values(primary);
        runner.listener()
                .runEnded(
                        workload.name(),
                        variant.name(),
                        run.index(),
                        progress.done(),
                        progress.planned(),
                        progress.elapsed(),
                        progress.estimatedLeft(),
                        spread(values),
                        current == null ? null : current.verdict(),
                        current == null ? null : new double[] {current.ciLowPct(), current.ciHighPct()});
        costs.lap(RunCosts.Part.PROGRESS);
        costs.runEnded();
    }

    private RunFailure failure(Variant variant, String which, ExecResult r) {
        String what = r.timedOut()
                ? "timed out after " + dev.overhead.plan.Durations.format(options.timeout())
                : r.signal() != null
                        ? "was killed by signal " + r.signal() + " (exit code " + r.exitCode() + ")"
                        : "exited with code " + r.exitCode();
        return new RunFailure("'" + String.join(" ", requests.fullCommand(variant, null)) + "' " + what + " in " + which
                + " of variant " + variant.name() + StudyRunner.tail(r.stderrTail())
                + ". Use --ignore-failure to keep going.");
    }

    private static double spread(double[] values) {
        if (values.length < 2) {
            return Double.NaN;
        }
        double mean = Arrays.stream(values).average().orElse(0);
        double ss = Arrays.stream(values).map(x -> (x - mean) * (x - mean)).sum();
        return mean == 0 ? Double.NaN : Math.sqrt(ss / (values.length - 1)) / mean * 100;
    }
}
