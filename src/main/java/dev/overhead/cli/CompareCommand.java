package dev.overhead.cli;

import dev.overhead.interop.Formats;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.study.Machine;
import dev.overhead.study.StudyLoading;
import dev.overhead.study.UserError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code overhead compare}: result files of any known format and stored studies, judged by the same
 * engine. Two stored studies of one variant each compare as baseline and candidate (the cross-boot
 * case: run, reboot into another kernel, run, compare).
 */
@Command(
        name = "compare",
        description = {
            "Compare result files (overhead JSON, sample CSV, hyperfine, PTS,",
            "Go benchmarks, pyperf) and stored studies, with the same statistics as run."
        })
final class CompareCommand implements Callable<Integer> {
    @Parameters(paramLabel = "INPUT", arity = "0..*", description = "Result files, or stored study ids or labels.")
    List<String> inputs = new ArrayList<>();

    @picocli.CommandLine.Option(
            names = "--submission",
            paramLabel = "ID",
            description = "The studies of one 'overhead submit', per machine and pooled over the machines.")
    String submission;

    @Mixin
    VerdictOptions verdict;

    @Mixin
    StoreOption storeOption;

    @Mixin
    OutputOptions outputs;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (submission != null || inputs.isEmpty()) {
            if (submission == null || !inputs.isEmpty()) {
                throw UserError.usage("give the result files or studies to compare, or --submission ID alone.");
            }
            return SubmissionComparison.compare(
                    storeOption,
                    verdict,
                    outputs,
                    submission,
                    spec.commandLine().getOut(),
                    spec.commandLine().getErr());
        }
        Outputs.format(outputs.format);
        OutputGuard.check(
                outputs,
                storeOption.file(),
                inputs.stream().filter(StudyLoading::isFile).map(Path::of).toList());
        List<StudyResult> studies = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        List<StudyResult> fromStore = new ArrayList<>();
        Store store = null;
        try {
            for (String input : inputs) {
                if (StudyLoading.isFile(input)) {
                    studies.add(StudyLoading.fromFile(input));
                    sources.add(Path.of(input).getFileName().toString());
                } else {
                    store = store != null ? store : storeOption.openForReading();
                    StudyResult s = namedAfterItself(StudyLoading.fromStore(store, input));
                    studies.add(s);
                    fromStore.add(s);
                    sources.add(nameOf(s));
                }
            }
        } finally {
            if (store != null) {
                try {
                    store.close();
                } catch (StoreException e) {
                    // nothing was written; a failed close loses nothing
                }
            }
        }
        StudyResult merged = Formats.merge(studies, sources);
        if (studies.size() > 1) { // analysis.Analyzer pairs runs by round only within one study
            merged = merged.withWarnings(List.of("the " + studies.size() + " inputs are compared unpaired: runs of"
                    + " different files or studies did not run in the same rounds"));
        }
        if (fromStore.size() >= 2) {
            // the cross-boot case: what changed between the machines
            List<String> differences = Machine.environmentDifferences(fromStore.get(0), fromStore.getLast());
            merged = merged.withWarnings(differences); // the study's own notes, not the environment's
        }
        if (verdict.baseline != null && !merged.variantNames().contains(verdict.baseline)) {
            throw UserError.usage(
                    "--baseline " + verdict.baseline + " names no variant; the variants are " + merged.variantNames());
        }
        if (merged.variantNames().size() < 2) {
            throw new UserError(
                    1,
                    "there is only one variant (" + merged.variantNames()
                            + ") in the inputs: give files or studies with at least two variants to compare");
        }
        StudyResult analysed = verdict.judged(merged);
        new Outputs(spec.commandLine().getOut(), spec.commandLine().getErr(), outputs)
                .gated(verdict.failIfWorse())
                .write(verdict.adjusted(analysed));
        return verdict.failIfWorseExit(analysed, spec.commandLine().getErr());
    }

    private static String nameOf(StudyResult s) {
        return s.info().label() != null && !s.info().label().isBlank()
                ? s.info().label()
                : s.info().id();
    }

    /**
     * A stored study of one variant is one side of a cross-boot comparison: its variant takes the
     * study's name, so that "before" and "after" can be told apart.
     */
    private static StudyResult namedAfterItself(StudyResult s) {
        if (s.variantNames().size() != 1) {
            return s;
        }
        List<WorkloadResult> renamed = s.workloads().stream()
                .map(w -> new WorkloadResult(
                        w.workload(),
                        w.variants().stream()
                                .map(v -> new VariantResult(
                                        new Variant(
                                                nameOf(s),
                                                v.variant().env(),
                                                v.variant().prefix(),
                                                v.variant().setup(),
                                                v.variant().cleanup()),
                                        v.runs()))
                                .toList()))
                .toList();
        return new StudyResult(s.info(), s.environment(), renamed, s.comparisons(), s.warnings(), List.of());
    }
}
