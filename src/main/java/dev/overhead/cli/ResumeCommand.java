package dev.overhead.cli;

import dev.overhead.exec.OutputPolicy;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.run.StudySpec;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.study.Provenance;
import dev.overhead.study.StudyExecution;
import dev.overhead.study.StudyLoading;
import dev.overhead.study.UserError;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code overhead resume STUDY}: continue an interrupted or failed study where it stopped. */
@Command(name = "resume", description = "Continue an interrupted study with the options it was started with.")
final class ResumeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "STUDY", description = "A study id, id prefix or label.")
    String study;

    @Mixin
    NotifyOption notify = new NotifyOption();

    @Option(names = "--fake-exec", hidden = true)
    boolean fakeExec;

    @Option(
            names = "--switch",
            description = "Boot studies: ask the machine to start the variant the next boot needs, measuring nothing.")
    boolean switchOnly;

    @Option(names = "--boot-unit", hidden = true, paramLabel = "FILE") // the systemd unit to remove when done
    java.nio.file.Path bootUnit;

    @Option(
            names = "--as-machine",
            paramLabel = "NAME",
            description = "Resume a study queued for another machine (a fleet study whose agent died) here, as NAME.")
    String asMachine;

    @Mixin
    StoreOption storeOption;

    @Mixin
    OutputOptions outputs;

    @Mixin
    VerdictOptions verdict;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws StoreException {
        StudyResult done;
        String state;
        try (Store store = storeOption.openForReading()) {
            done = StudyLoading.fromStore(store, study);
            state = store.studyDefinition(done.info().id()).map(d -> d.state()).orElse("unknown");
        }
        if (state.equals("done")) {
            throw new UserError(
                    1,
                    "study " + done.info().id() + " is complete; 'overhead report "
                            + done.info().id() + "' shows it, or start a new one with 'overhead run'");
        }
        // a fleet study is resumed by its own machine's agent, or elsewhere only when told so (docs/team.md)
        var warning = Provenance.resuming(done.info().id(), done.environment(), asMachine);
        if (warning.isPresent()) {
            this.spec.commandLine().getErr().println("warning: " + warning.get());
            Provenance.recordResumedOn(storeOption.access(), done.info().id(), done.environment(), asMachine);
        }
        StudySpec spec = specOf(done);
        if (dev.overhead.run.BootSchedule.applies(spec.settings())) { // levels: {boot: N}
            return execution().resumeBoots(spec, done, bootUnit, switchOnly);
        }
        return execution().resume(spec, done);
    }

    private StudyExecution execution() {
        PrintWriter err = this.spec.commandLine().getErr();
        return new StudyExecution(
                err,
                storeOption.access(),
                notify.around(
                        new ReportDelivery(
                                this.spec.commandLine().getOut(), err, outputs, verdict, verdict.failIfWorse()),
                        storeOption.access(),
                        err),
                fakeExec);
    }

    /**
     * The study's definition, rebuilt from what the store kept of it. The settings are the stored
     * ones, seed included: the run loop passes over the rounds already run, so the resumed study
     * runs in the very order the uninterrupted one would have, and its recorded seed reproduces it.
     */
    static StudySpec specOf(StudyResult s) {
        List<Workload> workloads =
                s.workloads().stream().map(WorkloadResult::workload).toList();
        List<Variant> variants = s.workloads().getFirst().variants().stream()
                .map(v -> v.variant())
                .toList();
        StudySettings settings = s.info().settings();
        if (settings.seed() == null) {
            // stored without a seed (by a version that recorded none): the order cannot be reproduced anyway
            settings = settings.withSeed(System.nanoTime());
        }
        // the commands' output is not stored with the study: a resumed study discards it
        return new StudySpec(s.info().label(), workloads, variants, settings, new OutputPolicy.Discard());
    }
}
