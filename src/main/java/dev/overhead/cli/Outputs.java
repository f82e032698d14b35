package dev.overhead.cli;

import dev.overhead.model.StudyResult;
import dev.overhead.report.CsvRenderer;
import dev.overhead.report.Format;
import dev.overhead.report.JUnitReport;
import dev.overhead.report.RenderOptions;
import dev.overhead.report.Renderers;
import dev.overhead.study.Masking;
import dev.overhead.study.SafeText;
import dev.overhead.study.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * The one writer that owns stdout and the exported files (docs/architecture.md, "Conventions");
 * renderers stay pure.
 */
final class Outputs {
    private final PrintWriter out;
    private final PrintWriter err;
    private final OutputOptions options;

    private java.util.List<dev.overhead.verdicts.Gate> gates = java.util.List.of();

    Outputs(PrintWriter out, PrintWriter err, OutputOptions options) {
        this.out = out;
        this.err = err;
        this.options = options;
    }

    /** The --fail-if-worse gates the JUnit report fails its test cases on (none: where the verdict is worse). */
    Outputs gated(java.util.List<FailIfWorse.Threshold> thresholds) {
        this.gates = FailIfWorse.gates(thresholds);
        return this;
    }

    static Format format(String word) {
        try {
            return Format.parse(word);
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--format " + word + " is not known: use text, markdown, html, json, csv or junit");
        }
    }

    void write(StudyResult unmasked) {
        StudyResult study = Masking.study(unmasked); // every report; the store keeps the values for resume
        Format stdout = format(options.format);
        RenderOptions render = new RenderOptions(
                options.ascii, Locale.getDefault(Locale.Category.FORMAT), checkedMetrics(study), options.detail);
        // Each export is rendered only when asked for: a JSON of 10⁶ runs costs seconds and memory.
        if (options.json != null) {
            export(options.json, Renderers.render(Format.JSON, study, render));
        }
        if (options.csv != null) {
            export(options.csv, CsvRenderer.renderRuns(study));
            export(comparisonsFile(options.csv), CsvRenderer.renderComparisons(study));
        }
        if (options.markdown != null) {
            export(options.markdown, Renderers.render(Format.MARKDOWN, study, render));
        }
        if (options.html != null) {
            export(options.html, Renderers.render(Format.HTML, study, render));
        }
        InteropExports.write(options, study, this::export);
        if (options.junit != null) {
            export(options.junit, JUnitReport.study(study, render, gates));
        }
        if (!stdoutTaken()) { // an export to - owns stdout: JSON and a text report together parse as neither
            out.print(
                    stdout == Format.JUNIT
                            ? JUnitReport.study(study, render, gates)
                            : Renderers.render(stdout, study, render));
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
                        options.pts,
                        options.junit)
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

    static Path comparisonsFile(Path csv) {
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
            // JSON keeps the exact characters (it escapes controls itself); text files are cleaned
            // (docs/reliability.md, case 19)
            boolean json = file.equals(options.json) || file.equals(options.hyperfine);
            writeWhole(file, json ? content : SafeText.clean(content));
        } catch (IOException e) {
            throw UserError.failed(
                    "cannot write " + file + " (" + e.getClass().getSimpleName() + ": " + e.getMessage()
                            + "); choose another path, or free some space.",
                    e);
        }
    }

    /**
     * A regular file is written beside its place and renamed over it, so a failure (a full disk)
     * never leaves half a report where a good one was (docs/reliability.md, case 20). A device or a pipe
     * ({@code /dev/stdout}) is written directly: renaming over it would replace the device node.
     */
    static void writeWhole(Path file, String content) throws IOException {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            Files.writeString(file, content, StandardCharsets.UTF_8);
            return;
        }
        Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file.toAbsolutePath();
        // createFile (not createTempFile, which makes it 0600) so the report gets the umask's permissions
        Path temp = Files.createFile(target.resolveSibling(
                "." + target.getFileName() + "." + ProcessHandle.current().pid() + "." + System.nanoTime() + ".tmp"));
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                channel.force(true);
            }
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
