package dev.overhead.study;

import dev.overhead.exec.Executor;
import dev.overhead.exec.Executors;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.run.Listener;
import dev.overhead.run.Outcome;
import dev.overhead.run.RunFailure;
import dev.overhead.run.StudyRunner;
import dev.overhead.run.StudySpec;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.store.StudyIds;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs (or resumes) a study: store, executor, Ctrl-C, progress; what becomes of the result is the
 * caller's {@link Delivery}.
 */
public final class StudyExecution {
    private final PrintWriter err;
    private final StoreAccess storeOption;
    private final Delivery delivery;
    private final boolean fake;
    private Allowance allowance = Allowance.ANY;
    private java.nio.file.Path bootUnitDir; // run --install-boot-unit: where the unit of a boot study goes
    private boolean keepBuilds; // run --keep-builds: the build directories stay after the study

    public StudyExecution(PrintWriter err, StoreAccess storeOption, Delivery delivery, boolean fake) {
        this.err = err;
        this.storeOption = storeOption;
        this.delivery = delivery;
        this.fake = fake;
    }

    /** A boot study started by {@code run} also gets its systemd unit, written into {@code dir} (null: none). */
    public StudyExecution installingBootUnit(java.nio.file.Path dir) {
        bootUnitDir = dir;
        return this;
    }

    /** With {@code keep}, the build directories of compiler-flag variants stay after the study is done. */
    public StudyExecution keepingBuilds(boolean keep) {
        keepBuilds = keep;
        return this;
    }

    /** What this study may start ({@code run --allow-programs}, set by an agent); ANY by default. */
    public StudyExecution allowing(Allowance allowance) {
        this.allowance = allowance;
        return this;
    }

    /**
     * A study its agent may not run: stored, failed, with the sentence that says why, so that the queue,
     * {@code list} and the submission show it; nothing of it is started.
     */
    private void refuseDisallowed(StudySpec spec) {
        java.util.Optional<String> refusal = allowance.refusal(spec);
        if (refusal.isEmpty()) {
            return;
        }
        StudyInfo info = new StudyInfo(StudyIds.newId(Instant.now()), spec.label(), Instant.now(), spec.settings());
        try (dev.overhead.store.Store store = storeOption.open()) {
            store.createStudy(info, spec.workloads(), spec.variants(), Machine.environment(spec, fake));
            store.finish(info.id(), "failed", List.of(refusal.get()));
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        }
        throw new UserError(1, refusal.get() + " (study " + info.id() + ", stored as failed)");
    }

    public int run(StudySpec spec) {
        refuseDisallowed(spec);
        if (!fake && !spec.settings().levels().vm()) { // a guest's programs are checked as its image is packed
            preflight(spec);
        }
        Interrupts.arm();
        try {
            // probed while the store opens and the helper starts (docs/performance.md, "A whole study")
            Supplier<Map<String, Object>> environment = Machine.environmentSoon(spec, fake);
            StudyInfo info = new StudyInfo(StudyIds.newId(Instant.now()), spec.label(), Instant.now(), spec.settings());
            if (spec.settings().levels().vm()) { // vm: kernels booted under qemu (package vm)
                return inGuests(spec, info, environment.get(), null);
            }
            if (dev.overhead.run.BootSchedule.applies(spec.settings())) { // levels: {boot: N}
                return reported(
                        new BootStudy(err, storeOption, fake).start(spec, info, environment.get(), bootUnitDir));
            }
            return execute(spec, info, environment, null);
        } finally {
            Interrupts.reset();
        }
    }

    /** A boot study after a start: measure this boot's share and switch, or, with {@code switchOnly}, only switch. */
    public int resumeBoots(StudySpec spec, StudyResult done, java.nio.file.Path unit, boolean switchOnly) {
        if (spec.settings().levels().vm()) {
            Interrupts.arm();
            try {
                return inGuests(spec, done.info(), done.environment(), done);
            } finally {
                Interrupts.reset();
            }
        }
        BootStudy boots = new BootStudy(err, storeOption, fake);
        if (switchOnly) {
            return reported(boots.switchOnly(spec, done));
        }
        if (!fake) {
            checkPreloads(spec);
        }
        return reported(boots.resume(spec, done, unit));
    }

    /** A study of kernels in virtual machines (docs/workloads.md): every boot in one go, or until interrupted. */
    private int inGuests(StudySpec spec, StudyInfo info, Map<String, Object> environment, StudyResult resumeFrom) {
        delivery.checkTargets(storeOption.file()); // before measuring, not after
        if (spec.output() instanceof dev.overhead.exec.OutputPolicy.ToFile) {
            throw UserError.usage("--output FILE cannot reach into a guest: leave it out, or use --output inherit to"
                    + " see the commands' output on the guest's console");
        }
        dev.overhead.vm.VmStudy vm = new dev.overhead.vm.VmStudy(
                storeOption::open,
                Terminal.isTerminal(2) ? new TerminalProgress(err, Terminal.width()) : Listener.SILENT,
                err,
                dev.overhead.exec.NativeExecutor.cacheDir().resolve("vm"));
        if (!Interrupts.handOver(vm::cancel)) {
            err.println("overhead: interrupted before the first boot; nothing was measured");
            return Interrupts.exitCode();
        }
        dev.overhead.vm.VmStudy.Result result;
        try {
            result = vm.run(spec, info, environment, resumeFrom);
        } catch (dev.overhead.vm.VmException e) {
            throw new UserError(1, e.getMessage(), e);
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        }
        if (result.interrupted()) {
            err.println("overhead: interrupted; the runs measured are kept in study " + info.id()
                    + " ('overhead resume " + info.id() + "' boots the rest)");
            int signalled = Interrupts.exitCode();
            return signalled != 0 ? signalled : 130;
        }
        return reported(new BootStudy.Result(result.report(), 0));
    }

    /** The report of a boot study whose last share was measured; nothing to print after a switch. */
    private int reported(BootStudy.Result result) {
        if (result.report() == null) {
            return result.exitCode();
        }
        delivery.write(result.report());
        return delivery.gate(result.report());
    }

    public int resume(StudySpec spec, StudyResult done) {
        if (!fake) {
            checkPreloads(spec);
        }
        Interrupts.arm();
        try {
            return execute(spec, done.info(), done::environment, done);
        } finally {
            Interrupts.reset();
        }
    }

    private int execute(StudySpec spec, StudyInfo info, Supplier<Map<String, Object>> probed, StudyResult resumeFrom) {
        delivery.checkTargets(storeOption.file()); // before measuring, not after
        Outcome outcome;
        try (Store store = storeOption.open();
                Store.Held held = store.lock(info.id()); // dies with the process (docs/reliability.md, case 9)
                Executor executor = Executors.create(fake)) {
            Map<String, Object> environment = probed.get(); // the probe is over before the first run starts
            Listener listener = Terminal.isTerminal(2) ? new TerminalProgress(err, Terminal.width()) : Listener.SILENT;
            StudyRunner runner = new StudyRunner(
                    executor,
                    store,
                    listener,
                    BuiltVariants.withSizeNotes(Machine.hooks(spec.settings(), environment, fake), spec),
                    System::nanoTime,
                    Instant::now);
            if (!Interrupts.handOver(runner::cancel)) {
                err.println("overhead: interrupted before the first run; nothing was measured");
                return Interrupts.exitCode();
            }
            outcome = runner.run(spec, info, environment, resumeFrom);
        } catch (RunFailure failure) {
            throw new UserError(1, sentence(failure.getMessage()) + " " + kept(info.id()), failure);
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        }
        delivery.write(outcome.result());
        int signalled = Interrupts.exitCode(); // 130 or 143, also for a signal after the last run
        if (outcome.state() == Outcome.State.INTERRUPTED) {
            int measured = runCount(outcome.result());
            err.println("overhead: interrupted; "
                    + (measured == 0
                            ? "no run was measured, and study " + info.id() + " is kept"
                            : "the " + measured + (measured == 1 ? " run" : " runs") + " measured are kept in study "
                                    + info.id())
                    + " ('overhead resume " + info.id() + "' continues it)");
            return signalled != 0 ? signalled : 130;
        }
        if (!keepBuilds) { // done: nothing will measure these binaries again
            dev.overhead.run.VariantBuilds.remove(spec.variants());
        }
        if (signalled != 0) {
            err.println("overhead: interrupted after the last run; study " + info.id() + " is complete");
            return signalled;
        }
        String unread = unreadPrimary(outcome.result());
        if (unread != null) {
            throw new UserError(1, unread + " The runs are kept in study " + info.id() + ".");
        }
        return delivery.gate(outcome.result());
    }

    /** A parsed primary metric that no run's output matched: the study cannot say what it was run for. */
    public static String unreadPrimary(dev.overhead.model.StudyResult result) {
        String name = result.info().settings().primary();
        for (dev.overhead.model.WorkloadResult w : result.workloads()) {
            for (dev.overhead.model.MetricSpec m : w.workload().metrics()) {
                boolean read = w.variants().stream().anyMatch(v -> v.values(m).length > 0);
                if (m.name().equals(name) && m.parsed() && !read) {
                    return "the primary metric " + name + " was never read on " + w.name()
                            + ": its --metric pattern matched no run's output; check it against what the command"
                            + " prints.";
                }
            }
        }
        return null;
    }

    /** A variant whose preloaded objects are not really loaded is refused before the first run (docs/reliability.md, case 2). */
    private static void checkPreloads(StudySpec spec) {
        List<String> problems = dev.overhead.run.PreloadProbe.problems(spec.variants());
        if (!problems.isEmpty()) {
            throw new UserError(1, String.join(" ", problems));
        }
    }

    /** Ends a message from below with a full stop, so the next sentence does not run into it (docs/reliability.md, case 22). */
    public static String sentence(String message) {
        String m = message == null ? "the study failed" : message.strip();
        return m.endsWith(".") || m.endsWith("!") || m.endsWith("?") ? m : m + ".";
    }

    private static int runCount(StudyResult s) {
        return s.workloads().stream()
                .flatMap(w -> w.variants().stream())
                .mapToInt(v -> v.runs().size())
                .sum();
    }

    /** What is left of a failed study, counted in the store: "kept" says nothing when nothing was measured. */
    private String kept(String id) {
        int n;
        try (Store store = storeOption.openForReading()) {
            n = store.load(id).map(StudyExecution::runCount).orElse(0);
        } catch (StoreException | RuntimeException e) {
            return "What was measured before the failure is kept in study " + id + ".";
        }
        return switch (n) {
            case 0 ->
                "No run was measured; study " + id + " is kept, and 'overhead resume " + id + "' starts it again.";
            case 1 -> "The 1 run measured so far is kept in study " + id + ".";
            default -> "The " + n + " runs measured so far are kept in study " + id + ".";
        };
    }

    /** A command that cannot be started is refused before the first run (docs/cli.md, errors). */
    public static void preflight(StudySpec spec) {
        checkPreloads(spec);
        for (Workload workload : spec.workloads()) {
            for (Variant variant : spec.variants()) {
                List<String> argv = new java.util.ArrayList<>(variant.prefix());
                argv.addAll(
                        workload.shell()
                                ? List.of("/bin/sh")
                                : dev.overhead.run.VariantBuilds.resolve(workload.command(), variant));
                if (argv.isEmpty()) {
                    throw UserError.usage("variant " + variant.name() + " has nothing to run");
                }
                String program = argv.getFirst();
                String path = variant.env().getOrDefault("PATH", System.getenv().getOrDefault("PATH", ""));
                if (!executable(program, path)) {
                    throw new UserError(
                            1,
                            "'" + Masking.value(program) + "' (variant " + Masking.value(variant.name())
                                    + ") cannot be run: "
                                    + whyNot(program, path)
                                            .orElseGet(() -> (program.contains("/")
                                                            ? "no such executable file"
                                                            : "it is not on PATH")
                                                    + Packages.hint(program)
                                                            .orElse("; check the spelling, or use --shell for shell"
                                                                    + " built-ins and pipes")));
                }
            }
        }
    }

    /**
     * What is there instead of an executable, said as it is (docs/reliability.md, issue 33 case 7): a
     * script without its execute bit and a directory were both "no such executable file".
     */
    static java.util.Optional<String> whyNot(String program, String path) {
        List<Path> candidates = new java.util.ArrayList<>();
        try {
            if (program.contains("/")) {
                candidates.add(Path.of(program));
            } else {
                for (String dir : path.split(":")) {
                    candidates.add(Path.of(dir.isEmpty() ? "." : dir, program));
                }
            }
        } catch (java.nio.file.InvalidPathException e) {
            return java.util.Optional.empty();
        }
        for (Path p : candidates) {
            if (Files.isDirectory(p)) {
                return java.util.Optional.of(p + " is a directory, not a program: give the program inside it");
            }
            if (Files.isRegularFile(p) && !Files.isExecutable(p)) {
                return java.util.Optional.of(p + " exists but is not executable: make it so (chmod +x " + p
                        + "), or run it through its interpreter (sh " + p + ")");
            }
        }
        return java.util.Optional.empty();
    }

    private static boolean executable(String program, String path) {
        if (!program.equals(
                new String(dev.overhead.exec.ArgBytes.encode(program), java.nio.charset.StandardCharsets.UTF_8))) {
            return true; // a name that is no text cannot be a Path here; exec will say if it is missing
        }
        return dev.overhead.sysinfo.Programs.find(program, path).isPresent();
    }
}
