package dev.overhead.cli;

import dev.overhead.model.BisectResult;
import dev.overhead.report.BisectRenderers;
import dev.overhead.report.Format;
import dev.overhead.report.RenderOptions;
import dev.overhead.study.SafeText;
import dev.overhead.study.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Where a bisection's chain goes: a format on stdout and files beside it, every format from one result;
 * the options are {@code run}'s ({@link ReportFiles}) without the other tools' formats.
 */
final class BisectOutputs extends ReportFiles {
    /** Refused before anything is built: an export over the store, or a format that does not exist. */
    void check(StoreOption store) {
        Outputs.format(format);
        OutputOptions as = new OutputOptions();
        as.json = json;
        as.csv = csv;
        as.markdown = markdown;
        as.html = html;
        OutputGuard.check(as, store.file(), java.util.List.of());
    }

    void write(PrintWriter out, BisectResult result) {
        RenderOptions render = new RenderOptions(ascii, Locale.getDefault(Locale.Category.FORMAT));
        boolean stdoutTaken = false;
        Path[] files = {json, csv, markdown, html};
        Format[] formats = {Format.JSON, Format.CSV, Format.MARKDOWN, Format.HTML};
        for (int i = 0; i < files.length; i++) {
            if (files[i] == null) {
                continue;
            }
            String content = BisectRenderers.render(formats[i], result, render);
            if (files[i].toString().equals("-")) {
                out.print(content);
                stdoutTaken = true;
                continue;
            }
            try {
                Path parent = files[i].toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Outputs.writeWhole(files[i], formats[i] == Format.JSON ? content : SafeText.clean(content));
            } catch (IOException e) {
                throw UserError.failed(
                        "cannot write " + files[i] + " (" + e.getMessage()
                                + "); choose another path, or free some space. The steps are kept in the store.",
                        e);
            }
        }
        if (!stdoutTaken) {
            out.print(BisectRenderers.render(Outputs.format(format), result, render));
        }
        out.flush();
    }
}
