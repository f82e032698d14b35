package dev.overhead.cli;

import dev.overhead.model.ToolVersion;
import dev.overhead.report.Format;
import dev.overhead.report.JUnitReport;
import dev.overhead.report.SubmissionRenderers;
import dev.overhead.study.Submissions;
import dev.overhead.study.UserError;
import dev.overhead.verdicts.Gate;
import dev.overhead.verdicts.PooledSubmission;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code overhead compare --submission ID}: the pooled comparison of a submission ({@link Submissions})
 * as text, Markdown, JSON, CSV or JUnit XML on stdout and in the files of the matching --export options, and
 * the --fail-if-worse gate on the pooled interval (exit 3).
 */
final class SubmissionComparison {
    private SubmissionComparison() {}

    static int compare(
            StoreOption storeOption,
            VerdictOptions verdict,
            OutputOptions outputs,
            String submission,
            PrintWriter out,
            PrintWriter err) {
        Format format = formatOf(outputs);
        OutputGuard.check(outputs, storeOption.file(), List.of());
        PooledSubmission pooled = Submissions.pooled(storeOption.access(), submission, verdict::judged);
        Outputs files = new Outputs(out, err, outputs);
        String version = ToolVersion.current();
        if (outputs.json != null) {
            files.export(outputs.json, SubmissionRenderers.render(Format.JSON, pooled, version));
        }
        if (outputs.csv != null) {
            files.export(outputs.csv, SubmissionRenderers.render(Format.CSV, pooled, version));
        }
        if (outputs.markdown != null) {
            files.export(outputs.markdown, SubmissionRenderers.render(Format.MARKDOWN, pooled, version));
        }
        List<Gate> gates = FailIfWorse.gates(verdict.failIfWorse());
        List<Gate.Trip> trips = Gate.check(pooled, gates);
        if (outputs.junit != null) {
            files.export(outputs.junit, JUnitReport.submission(pooled, gates));
        }
        if (!isStdout(outputs.json)
                && !isStdout(outputs.csv)
                && !isStdout(outputs.markdown)
                && !isStdout(outputs.junit)) {
            out.print(
                    format == Format.JUNIT
                            ? JUnitReport.submission(pooled, gates)
                            : SubmissionRenderers.render(format, pooled, version, outputs.ascii));
        }
        out.flush();
        // the CI gate on the pooled interval: the machines together, not any one of them
        for (Gate.Trip t : trips) {
            err.println("overhead: " + t.sentence() + " (--fail-if-worse)");
        }
        err.flush();
        return trips.isEmpty() ? 0 : 3;
    }

    /** Text, Markdown, JSON, CSV or JUnit; the reports of one study (html, the other tools' formats) are refused. */
    private static Format formatOf(OutputOptions outputs) {
        Format format = Outputs.format(outputs.format);
        if (format == Format.HTML) {
            throw UserError.usage("--submission writes --format text, markdown, json, csv or junit; 'overhead serve'"
                    + " shows it as a page (/submission/ID)");
        }
        List<String> refused = new ArrayList<>();
        name(refused, "--export-html", outputs.html);
        name(refused, "--export-hyperfine-json", outputs.hyperfine);
        name(refused, "--export-gobench", outputs.gobench);
        name(refused, "--export-pts", outputs.pts);
        if (!refused.isEmpty()) {
            throw UserError.usage(String.join(", ", refused)
                    + " writes one study; with --submission use --export-json, --export-csv or --export-markdown");
        }
        return format;
    }

    private static void name(List<String> out, String option, Path file) {
        if (file != null) {
            out.add(option);
        }
    }

    private static boolean isStdout(Path file) {
        return file != null && file.toString().equals("-");
    }
}
