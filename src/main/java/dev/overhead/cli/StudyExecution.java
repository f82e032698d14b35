package dev.overhead.cli;

import dev.overhead.exec.Executor;
import dev.overhead.exec.Executors;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.run.Listener;
import dev.overhead.run.Outcome;
import dev.overhead.run.RunFailure;
import dev.overhead.run.RunOptions;
import dev.overhead.run.StoppingRule;
import dev.overhead.run.StudyRunner;
import dev.overhead.run.StudySpec;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.store.StudyIds;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs (or resumes) a study from the command line: store, executor, Ctrl-C, progress, outputs. */
final class StudyExecution {
    private final PrintWriter out;
    private final PrintWriter err;
    private final StoreOption storeOption;
    private final OutputOptions outputs;
    private final VerdictOptions verdict;
    private final boolean fake;

    StudyExecution(
            PrintWriter out,
            PrintWriter err,
            StoreOption storeOption,
            OutputOptions outputs,
            VerdictOptions verdict,
            boolean fake) {
        this.out = out;
        this.err = err;
        this.storeOption = storeOption;
        this.outputs = outputs;
        this.verdict = verdict;
        this.fake = fake;
    }

    int run(StudySpec spec, ControlOptions controls) {
        if (!fake) {
            preflight(spec);
        }
        Interrupts.arm();
        try {
            Map<String, Object> environment = Machine.environment(spec, fake);
            StudyInfo info = new StudyInfo(
                    StudyIds.newId(Instant.now()), spec.label(), Instant.now(), optionsOf(spec.options()));
            return execute(spec, info, environment, null);
        } finally {
            Interrupts.reset();
        }
    }

    int resume(StudySpec spec, StudyResult done) {
        Interrupts.arm();
        try {
            return execute(spec, done.info(), done.environment(), done);
        } finally {
            Interrupts.reset();
        }
    }

    private int execute(StudySpec spec, StudyInfo info, Map<String, Object> environment, StudyResult resumeFrom) {
        Outcome outcome;
        try (Store store = storeOption.open();
                Executor executor = Executors.create(fake)) {
            Listener listener = Terminal.isTerminal(2) ? new TerminalProgress(err, Terminal.width()) : Listener.SILENT;
            StudyRunner runner = new StudyRunner(
                    executor,
                    store,
                    listener,
                    Machine.hooks(spec.options(), environment, fake),
                    StoppingRule.STANDARD,
                    System::nanoTime,
                    Instant::now);
            if (!Interrupts.handOver(runner::cancel)) {
                err.println("overhead: interrupted before the first run; nothing was measured");
                return Interrupts.exitCode();
            }
            outcome = runner.run(spec, info, environment, resumeFrom);
        } catch (RunFailure failure) {
            throw new UserError(
                    1,
                    failure.getMessage() + " The runs measured so far are kept in study " + info.id() + ".",
                    failure);
        } catch (StoreException e) {
            throw UserError.failed(e.getMessage(), e);
        }
        new Outputs(out, err, outputs).write(verdict.adjusted(outcome.result()));
        int signalled = Interrupts.exitCode(); // 130 or 143, also for a signal after the last run
        if (outcome.state() == Outcome.State.INTERRUPTED) {
            err.println("overhead: interrupted; the runs measured are kept in study " + info.id()
                    + " ('overhead resume " + info.id() + "' continues it)");
            return signalled != 0 ? signalled : 130;
        }
        if (signalled != 0) {
            err.println("overhead: interrupted after the last run; study " + info.id() + " is complete");
            return signalled;
        }
        return FailIfWorse.exitCode(outcome.result(), verdict.failIfWorsePct(), err);
    }

    /** A command that cannot be started is refused before the first run (issue 2 §3). */
    static void preflight(StudySpec spec) {
        for (Workload workload : spec.workloads()) {
            for (Variant variant : spec.variants()) {
                List<String> argv = new java.util.ArrayList<>(variant.prefix());
                argv.addAll(workload.shell() ? List.of("/bin/sh") : workload.command());
                if (argv.isEmpty()) {
                    throw UserError.usage("variant " + variant.name() + " has nothing to run");
                }
                String program = argv.getFirst();
                String path = variant.env().getOrDefault("PATH", System.getenv().getOrDefault("PATH", ""));
                if (!executable(program, path)) {
                    throw new UserError(
                            1,
                            "'" + program + "' (variant " + variant.name() + ") cannot be run: "
                                    + (program.contains("/") ? "no such executable file" : "it is not on PATH")
                                    + "; check the spelling, or use --shell for shell built-ins and pipes");
                }
            }
        }
    }

    private static boolean executable(String program, String path) {
        if (!program.equals(
                new String(dev.overhead.exec.ArgBytes.encode(program), java.nio.charset.StandardCharsets.UTF_8))) {
            return true; // a name that is no text cannot be a Path here; exec will say if it is missing
        }
        if (program.contains("/")) {
            Path p = Path.of(program);
            return Files.isRegularFile(p) && Files.isExecutable(p);
        }
        for (String dir : path.split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return true;
            }
        }
        return false;
    }

    static Map<String, Object> optionsOf(RunOptions o) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (o.runs() != null) {
            m.put("runs", o.runs());
        } else {
            m.put("min_runs", o.minRuns());
            m.put("max_runs", o.maxRuns());
        }
        m.put("warmup", o.warmup());
        m.put("order", o.order().word());
        m.put("seed", o.seed());
        m.put("primary", o.primary());
        putIf(m, "baseline", o.baseline());
        m.put("threshold", o.compare().thresholdPct());
        m.put("confidence", o.compare().confidence());
        putIf(m, "time_budget_s", o.timeBudget() == null ? null : o.timeBudget().toMillis() / 1000.0);
        putIf(m, "timeout_s", o.timeout() == null ? null : o.timeout().toMillis() / 1000.0);
        putIf(m, "prepare", o.prepare());
        m.put("ignore_failure", o.ignoreFailure());
        putIf(m, "pin", o.cpus().isEmpty() ? null : o.cpus());
        putIf(m, "nice", o.nice());
        m.put("no_aslr", o.noAslr());
        m.put("drop_caches", o.dropCaches());
        if (o.counters()) { // only when asked, so that studies without counters record what they did before
            m.put("counters", true);
        }
        return m;
    }

    private static void putIf(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }
}
