package dev.overhead.cli;

import dev.overhead.model.StudyResult;
import dev.overhead.study.StudyLoading;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code overhead report STUDY}: a stored study (or a result file) in any format. */
@Command(name = "report", description = "Write the report of a stored study or a result file.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "STUDY", description = "A study id, id prefix or label, or a result file.")
    String study;

    @Mixin
    StoreOption storeOption;

    @Mixin
    OutputOptions outputs;

    @Mixin
    VerdictOptions verdict;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Outputs.format(outputs.format);
        OutputGuard.check(
                outputs, storeOption.file(), StudyLoading.isFile(study) ? List.of(Path.of(study)) : List.of());
        StudyResult result = StudyLoading.load(storeOption.access(), study);
        StudyResult analysed = verdict.judged(result);
        new Outputs(spec.commandLine().getOut(), spec.commandLine().getErr(), outputs)
                .gated(verdict.failIfWorse())
                .write(verdict.adjusted(analysed));
        return verdict.failIfWorseExit(analysed, spec.commandLine().getErr());
    }
}
