package dev.overhead.cli;

import dev.overhead.model.StudyResult;
import dev.overhead.report.CsvRenderer;
import dev.overhead.report.Format;
import dev.overhead.report.RenderOptions;
import dev.overhead.report.Renderers;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The one writer that owns stdout and the exported files (docs/architecture.md, "Conventions");
 * renderers stay pure.
 */
final class Outputs {
    private final PrintWriter out;
    private final PrintWriter err;
    private final OutputOptions options;

    Outputs(PrintWriter out, PrintWriter err, OutputOptions options) {
        this.out = out;
        this.err = err;
        this.options = options;
    }

    static Format format(String word) {
        try {
            return Format.parse(word);
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--format " + word + " is not known: use text, markdown, html, json or csv");
        }
    }

    void write(StudyResult study) {
        Format stdout = format(options.format);
        RenderOptions render =
                new RenderOptions(options.ascii, Locale.getDefault(Locale.Category.FORMAT), checkedMetrics(study));
        export(options.json, Renderers.render(Format.JSON, study, render));
        if (options.csv != null) {
            export(options.csv, CsvRenderer.renderRuns(study));
            export(comparisonsFile(options.csv), CsvRenderer.renderComparisons(study));
        }
        export(options.markdown, Renderers.render(Format.MARKDOWN, study, render));
        export(options.html, Renderers.render(Format.HTML, study, render));
        InteropExports.write(options, study, this::export);
        if (!stdoutTaken()) { // an export to - owns stdout: JSON and a text report together parse as neither
            out.print(Renderers.render(stdout, study, render));
        }
        out.flush();
    }

    private boolean stdoutTaken() {
        return java.util.stream.Stream.of(
                        options.json,
                        options.csv,
                        options.markdown,
                        options.html,
                        options.hyperfine,
                        options.gobench,
                        options.pts)
                .anyMatch(p -> p != null && p.toString().equals("-"));
    }

    /** --metrics as given, each name one the study compares (or {@code all}). */
    private java.util.List<String> checkedMetrics(StudyResult study) {
        java.util.Set<String> known = new java.util.LinkedHashSet<>();
        study.comparisons().forEach(r -> known.add(r.metric()));
        study.summaries().forEach(s -> known.add(s.metric()));
        for (String m : options.metrics) {
            if (!m.equals("all") && !known.contains(m)) {
                throw UserError.usage("--metrics " + m + " names no metric of this study; its metrics are "
                        + String.join(", ", known) + " (or all)");
            }
        }
        return options.metrics;
    }

    private static Path comparisonsFile(Path csv) {
        if (csv.toString().equals("-")) {
            return csv;
        }
        String name = csv.getFileName().toString();
        String stem = name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
        return csv.resolveSibling(stem + ".comparisons.csv");
    }

    void export(Path file, String content) {
        if (file == null) {
            return;
        }
        if (file.toString().equals("-")) {
            out.print(content);
            out.flush();
            return;
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw UserError.failed("cannot write " + file + " (" + e.getMessage() + "); choose another path", e);
        }
    }
}
