package dev.overhead.cli;

import dev.overhead.model.StudyResult;
import dev.overhead.study.Delivery;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** A study's reports as the command line asked for them (formats, files, --adjust) and its --fail-if-worse gates. */
final class ReportDelivery implements Delivery {
    private final PrintWriter out;
    private final PrintWriter err;
    private final OutputOptions outputs;
    private final VerdictOptions verdict;
    private final List<FailIfWorse.Threshold> failIfWorse;

    /** @param failIfWorse exit 3 when one of these trips (empty: never) */
    ReportDelivery(
            PrintWriter out,
            PrintWriter err,
            OutputOptions outputs,
            VerdictOptions verdict,
            List<FailIfWorse.Threshold> failIfWorse) {
        this.out = out;
        this.err = err;
        this.outputs = outputs;
        this.verdict = verdict;
        this.failIfWorse = failIfWorse;
    }

    @Override
    public void checkTargets(Path storeFile) {
        OutputGuard.check(outputs, storeFile, List.of());
    }

    @Override
    public void write(StudyResult result) {
        new Outputs(out, err, outputs).gated(failIfWorse).write(verdict.adjusted(result));
    }

    @Override
    public int gate(StudyResult result) {
        return FailIfWorse.exitCode(
                result, failIfWorse, result.info().settings().primary(), err);
    }
}
