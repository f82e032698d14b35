package dev.overhead.cli;

import dev.overhead.interop.GoBench;
import dev.overhead.interop.HyperfineJson;
import dev.overhead.interop.PtsXmlWriter;
import dev.overhead.model.StudyResult;
import java.nio.file.Path;
import java.util.function.BiConsumer;

/** Other tools' formats written from a study, so their scripts work on overhead's data. */
final class InteropExports {
    private InteropExports() {}

    static void write(OutputOptions options, StudyResult study, BiConsumer<Path, String> export) {
        if (options.hyperfine != null) {
            export.accept(options.hyperfine, HyperfineJson.write(study));
        }
        if (options.gobench != null) {
            export.accept(options.gobench, GoBench.write(study));
        }
        if (options.pts != null) {
            export.accept(options.pts, PtsXmlWriter.write(study, Version.current()));
        }
    }
}
