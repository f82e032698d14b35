package dev.overhead.study;

import dev.overhead.exec.Executor;
import dev.overhead.exec.Executors;
import dev.overhead.model.Levels;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.run.BootIdentity;
import dev.overhead.run.BootSchedule;
import dev.overhead.run.Listener;
import dev.overhead.run.Outcome;
import dev.overhead.run.RunFailure;
import dev.overhead.run.StudyRunner;
import dev.overhead.run.StudySpec;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.verdicts.Judge;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A study whose variants need their own boot (plan {@code levels: {boot: N}}, docs/workloads.md):
 * each start of the machine measures one share — the variant the schedule names, in the boot it
 * came up in — then asks the machine to start the next one with {@code switch}. {@code identify}
 * says which variant is running; a boot on the wrong variant stops the study and measures nothing,
 * so variants never mix. The state between boots is the store: the runs record their boot id, and
 * the schedule is drawn again from the study's seed.
 */
public final class BootStudy {
    /** The study's state while it waits for the next boot. */
    public static final String WAITING = "booting";

    private final PrintWriter err;
    private final StoreAccess storeOption;
    private final boolean fake;

    public BootStudy(PrintWriter err, StoreAccess storeOption, boolean fake) {
        this.err = err;
        this.storeOption = storeOption;
        this.fake = fake;
    }

    /** {@code run --plan} on a boot study: the study is made, then continued as after a boot. */
    public Result start(StudySpec spec, StudyInfo info, Map<String, Object> environment, Path unitDir) {
        try (Store store = storeOption.open()) {
            store.createStudy(info, spec.workloads(), spec.variants(), environment);
            store.finish(info.id(), WAITING, List.of());
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        }
        Path unit = unitDir == null ? null : BootUnits.write(info.id(), storeOption.file(), unitDir, err);
        BootSchedule schedule = BootSchedule.of(spec.variants(), spec.settings());
        err.println("overhead: study " + info.id() + " runs its variants over "
                + schedule.shares().size() + " boots in this order: " + String.join(" ", schedule.shares()));
        String running =
                BootIdentity.identify(spec.variants(), spec.settings().levels()).orElse(null);
        if (!schedule.shares().getFirst().equals(running)) { // start the first share's variant first
            err.println("overhead: this machine runs " + (running == null ? "none of the variants" : running)
                    + "; the first boot is " + schedule.shares().getFirst());
            switchTo(spec, schedule.shares().getFirst(), info.id());
            return Result.switched();
        }
        return resume(spec, load(info.id()), unit);
    }

    /** What a boot (or {@code overhead resume}) does: identify, measure the share, switch to the next. */
    public Result resume(StudySpec spec, StudyResult done, Path unit) {
        String id = done.info().id();
        BootSchedule schedule = BootSchedule.of(spec.variants(), spec.settings());
        int share = schedule.next(done);
        if (share < 0) {
            return finish(spec, id, unit);
        }
        String expected = schedule.shares().get(share);
        String running =
                BootIdentity.identify(spec.variants(), spec.settings().levels()).orElse(null);
        if (!expected.equals(running)) {
            throw new UserError(
                    1,
                    "study " + id + " expected variant " + expected + " for " + schedule.describe(share)
                            + ", but this machine runs " + (running == null ? "none of its variants" : running)
                            + " (" + BootIdentity.how(spec.settings().levels()) + "); nothing was measured, so variants"
                            + " do not mix: start " + expected + " ('overhead resume " + id + " --switch' asks"
                            + " for it) and run 'overhead resume " + id + "' again.");
        }
        err.println("overhead: measuring " + schedule.describe(share) + " of study " + id);
        Variant variant = spec.variants().stream()
                .filter(v -> v.name().equals(expected))
                .findFirst()
                .orElseThrow();
        StudySettings settings = spec.settings().toBuilder()
                .stopping(new Stopping.Fixed(schedule.target(share)))
                .build();
        StudySpec one = new StudySpec(spec.label(), spec.workloads(), List.of(variant), settings, spec.output());
        Outcome outcome = measure(one, done, BootSchedule.bootId(share));
        if (outcome.state() == Outcome.State.INTERRUPTED) {
            err.println("overhead: interrupted; the runs measured are kept in study " + id + " ('overhead resume " + id
                    + "' continues " + schedule.describe(share) + ")");
            int signalled = Interrupts.exitCode();
            return Result.exit(signalled != 0 ? signalled : 130);
        }
        StudyResult now = load(id);
        int next = schedule.next(now);
        if (next < 0) {
            return finish(spec, id, unit);
        }
        setState(id, WAITING, now.warnings());
        err.println("overhead: " + schedule.describe(share) + " measured; next is " + schedule.describe(next));
        switchTo(spec, schedule.shares().get(next), id);
        return Result.switched();
    }

    /** {@code resume --switch}: ask for the variant the next share needs, measuring nothing. */
    public Result switchOnly(StudySpec spec, StudyResult done) {
        BootSchedule schedule = BootSchedule.of(spec.variants(), spec.settings());
        int share = schedule.next(done);
        if (share < 0) {
            throw new UserError(
                    1,
                    "study " + done.info().id() + " has measured every boot; 'overhead resume "
                            + done.info().id() + "' reports it.");
        }
        switchTo(spec, schedule.shares().get(share), done.info().id());
        return Result.switched();
    }

    private Outcome measure(StudySpec one, StudyResult done, int bootId) {
        Interrupts.arm();
        try (Store store = storeOption.open();
                Store.Held held = store.lock(done.info().id());
                Executor executor = Executors.create(fake)) {
            StudyRunner runner = new StudyRunner(
                    executor,
                    store,
                    Terminal.isTerminal(2) ? new TerminalProgress(err, Terminal.width()) : Listener.SILENT,
                    Machine.hooks(one.settings(), done.environment(), fake),
                    System::nanoTime,
                    Instant::now);
            runner.inBoot(bootId);
            if (!Interrupts.handOver(runner::cancel)) {
                return new Outcome(done, Outcome.State.INTERRUPTED);
            }
            return runner.run(one, done.info(), done.environment(), done);
        } catch (RunFailure failure) {
            throw new UserError(
                    1,
                    StudyExecution.sentence(failure.getMessage()) + " What was measured is kept in study "
                            + done.info().id() + ".",
                    failure);
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        } finally {
            Interrupts.reset();
        }
    }

    /** Every share measured: the study is analysed whole, marked done, and its boot unit removed. */
    private Result finish(StudySpec spec, String id, Path unit) {
        StudyResult all = load(id);
        StudySettings s = spec.settings();
        StudyResult analysed = Judge.of(s).analyse(all, s.baseline(), s.compare());
        setState(id, "done", analysed.warnings());
        if (unit != null) {
            BootUnits.remove(unit, err);
        }
        err.println("overhead: study " + id + " has measured every boot");
        return Result.done(analysed);
    }

    private void switchTo(StudySpec spec, String name, String id) {
        Levels levels = spec.settings().levels();
        Levels.Boot target = levels.target(name);
        String command = levels.bootSwitch() == null ? "" : levels.bootSwitch();
        String line = command.replace("{variant}", name)
                .replace("{kernel}", target.kernel())
                .replace("{initrd}", target.initrd())
                .replace("{cmdline}", target.cmdline());
        err.println("overhead: switching to " + name + ": " + line + " (after it starts, 'overhead resume " + id
                + "' continues the study)");
        err.flush();
        int code = BootIdentity.shell(line, null);
        if (code != 0) {
            throw new UserError(
                    1,
                    "the switch command '" + line + "' exited with code " + code + "; study " + id
                            + " waits for variant " + name + ": start it by hand and run 'overhead resume " + id
                            + "'.");
        }
    }

    private StudyResult load(String id) {
        try (Store store = storeOption.openForReading()) {
            return StudyLoading.fromStore(store, id);
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        }
    }

    private void setState(String id, String state, List<String> warnings) {
        try (Store store = storeOption.open()) {
            store.finish(id, state, warnings);
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        }
    }

    /** What a boot study's step ended with: a report (every share measured), a switch, or an exit code. */
    public record Result(StudyResult report, int exitCode) {
        static Result done(StudyResult analysed) {
            return new Result(analysed, 0);
        }

        static Result switched() {
            return new Result(null, 0);
        }

        static Result exit(int code) {
            return new Result(null, code);
        }
    }
}
