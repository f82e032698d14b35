package dev.overhead.interop;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads any result file overhead knows, telling the format by its content (not its name): overhead
 * JSON, sample CSV, hyperfine JSON, pyperf JSON, Go benchmark text, Phoronix Test Suite XML.
 */
public final class Formats {
    private Formats() {}

    public static final String KNOWN = "overhead JSON, sample CSV (workload,variant,metric,value), hyperfine JSON, "
            + "pyperf JSON, Go benchmark output (benchstat's input) or a Phoronix Test Suite composite.xml";

    /** Deeper than any file overhead reads needs; a hostile file gets a sentence, not a stack overflow. */
    static final int MAX_DEPTH = 100;

    /** Made on the first JSON file: a sample CSV then starts without Jackson (docs/performance.md, "Start-up"). */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
                .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
                        .maxNestingDepth(MAX_DEPTH)
                        .build())
                .build());
    }

    /** What a file is. */
    public enum Kind {
        OVERHEAD,
        CSV,
        HYPERFINE,
        PYPERF,
        GOBENCH,
        PTS
    }

    public static StudyResult read(Path file) {
        byte[] bytes = readBytes(file);
        String source = file.toString();
        // A sample file is read from its bytes: decoding 10⁶ rows into a String and encoding it back doubled
        // the memory and the page faults of reading it (docs/performance.md, "Analysis at scale").
        String head = new String(bytes, 0, Math.min(bytes.length, HEAD_BYTES), StandardCharsets.UTF_8);
        String stripped = head.stripLeading();
        if (!stripped.startsWith("{") && !PtsXml.looksLike(stripped) && SampleCsv.looksLike(head)) {
            requireText(bytes, file);
            return finite(SampleCsv.read(bytes, source), source);
        }
        return read(text(bytes, file), source);
    }

    /** How much of a file decides what it is, when that is a sample file (its header is the first line). */
    private static final int HEAD_BYTES = 64 * 1024;

    public static StudyResult read(String text, String source) {
        return finite(readAny(text, source), source);
    }

    private static StudyResult readAny(String text, String source) {
        return switch (detect(text, source)) {
            case OVERHEAD -> OverheadJsonReader.read(text, source);
            case CSV -> SampleCsv.read(text, source);
            case HYPERFINE -> HyperfineJson.read(text, source);
            case PYPERF -> PyperfJson.read(text, source);
            case GOBENCH -> GoBench.read(text, source);
            case PTS -> PtsXml.read(text, source);
        };
    }

    /**
     * Every reader's values checked once more (docs/reliability.md, case 5): NaN or an infinity from any format is
     * refused rather than stored, where it would fail a NOT NULL column or poison the statistics.
     */
    private static StudyResult finite(StudyResult study, String source) {
        for (WorkloadResult w : study.workloads()) {
            for (VariantResult v : w.variants()) {
                if (v.runs() instanceof dev.overhead.model.RunColumns columns) { // no run made per value
                    int k = columns.firstNotFinite();
                    if (k >= 0) {
                        throw notFinite(source, k, w, v);
                    }
                    continue;
                }
                for (dev.overhead.model.Run r : v.runs()) {
                    boolean ok = Double.isFinite(r.wallS()) && Double.isFinite(r.userS()) && Double.isFinite(r.sysS());
                    for (var m : r.metrics().entrySet()) {
                        ok &= m.getValue() != null && Double.isFinite(m.getValue());
                    }
                    if (!ok) {
                        throw notFinite(source, r.index(), w, v);
                    }
                }
            }
        }
        return study;
    }

    private static FormatException notFinite(String source, int run, WorkloadResult w, VariantResult v) {
        return new FormatException(
                "%s: run %d of %s / %s has a value that is not a finite number; fix or remove that run."
                        .formatted(source, run, w.name(), v.name()));
    }

    public static Kind detect(String text, String source) {
        String head = text.stripLeading();
        if (head.startsWith("{")) {
            JsonNode root;
            try {
                root = Json.MAPPER.readTree(text);
            } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
                throw new FormatException(
                        source + " nests JSON deeper than " + MAX_DEPTH + " levels, which no result file needs: is it"
                                + " the right file?",
                        e);
            } catch (JsonProcessingException e) {
                throw new FormatException(
                        source + " looks like JSON but is not valid JSON"
                                + (e.getLocation() == null
                                        ? ""
                                        : " (line " + e.getLocation().getLineNr() + ")")
                                + ".",
                        e);
            }
            if (root.path("schema").asText().startsWith("overhead/")) {
                return Kind.OVERHEAD;
            }
            if (HyperfineJson.looksLike(root)) {
                return Kind.HYPERFINE;
            }
            if (PyperfJson.looksLike(root)) {
                return Kind.PYPERF;
            }
        } else if (PtsXml.looksLike(text)) {
            return Kind.PTS;
        } else if (SampleCsv.looksLike(text)) {
            return Kind.CSV;
        } else if (GoBench.looksLike(text)) {
            return Kind.GOBENCH;
        }
        throw new FormatException(source + " is none of the formats overhead reads: " + KNOWN + ".");
    }

    /**
     * Several files as one study: workloads are matched by name, and each file's variants are added
     * to them (the usual case: one variant per file, named after the file). A variant name that two
     * files share is made unique with the second file's name.
     */
    public static StudyResult readAll(List<Path> files) {
        List<StudyResult> studies = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (Path f : files) {
            studies.add(read(f));
            sources.add(Imported.stem(f.toString()));
        }
        return merge(studies, sources);
    }

    public static StudyResult merge(List<StudyResult> studies, List<String> sources) {
        if (studies.size() == 1) {
            return studies.getFirst();
        }
        Map<String, Workload> workloads = new LinkedHashMap<>();
        Map<String, List<VariantResult>> variants = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        Map<String, Object> environment = new LinkedHashMap<>();
        for (int i = 0; i < studies.size(); i++) {
            StudyResult s = studies.get(i);
            environment.put(sources.get(i), s.environment());
            warnings.addAll(s.warnings());
            for (WorkloadResult w : s.workloads()) {
                workloads.merge(w.name(), w.workload(), Formats::union);
                List<VariantResult> list = variants.computeIfAbsent(w.name(), k -> new ArrayList<>());
                Set<String> taken = new LinkedHashSet<>(
                        list.stream().map(VariantResult::name).toList());
                for (VariantResult v : w.variants()) {
                    String name = v.name();
                    if (taken.contains(name)) {
                        name = name + " (" + sources.get(i) + ")";
                        warnings.add("variant '%s' of '%s' is in more than one file; the one from %s is called '%s'."
                                .formatted(v.name(), w.name(), sources.get(i), name));
                    }
                    taken.add(name);
                    Variant renamed = new Variant(
                            name,
                            v.variant().env(),
                            v.variant().prefix(),
                            v.variant().setup(),
                            v.variant().cleanup());
                    list.add(new VariantResult(renamed, v.runs()));
                }
            }
        }
        List<WorkloadResult> merged = new ArrayList<>();
        workloads.forEach((name, w) -> merged.add(new WorkloadResult(w, variants.get(name))));
        StudyResult first = studies.getFirst();
        String label = String.join(" vs ", sources);
        return new StudyResult(
                new dev.overhead.model.StudyInfo(
                        label, label, first.info().created(), dev.overhead.model.StudySettings.merged(sources)),
                environment,
                merged,
                List.of(),
                warnings,
                List.of());
    }

    /** Two files' views of one workload: the metrics of both, so that neither file's figures are lost. */
    private static Workload union(Workload a, Workload b) {
        Imported.SpecSet specs = new Imported.SpecSet();
        boolean complete = Imported.isComplete(a) || Imported.isComplete(b);
        (complete ? Imported.metricsOf(a) : a.metrics()).forEach(specs::add);
        (complete ? Imported.metricsOf(b) : b.metrics()).forEach(specs::add);
        return new Workload(
                a.name(),
                a.command().isEmpty() ? b.command() : a.command(),
                a.shell(),
                a.parameters(),
                a.prepare(),
                specs.list());
    }

    /**
     * The largest file read whole: a tenth of the heap, since parsing holds the text, its lines and
     * the runs at once (docs/reliability.md, case 16: a 246 MB CSV ended in an internal error, /dev/zero never ended).
     */
    static long maxBytes() {
        return Runtime.getRuntime().maxMemory() / 10;
    }

    private static String text(byte[] bytes, Path file) {
        requireText(bytes, file);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * Refuses bytes that are not UTF-8, as {@link Files#readString} does, but decoding a piece at a time into
     * one small buffer: a 65 MB file is checked without a second copy of it.
     */
    private static void requireText(byte[] bytes, Path file) {
        java.nio.charset.CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(8192);
        while (true) {
            java.nio.charset.CoderResult r = decoder.decode(in, out, true);
            if (r.isError()) {
                throw new FormatException(file + " is not a text file; overhead reads " + KNOWN + ".");
            }
            out.clear();
            if (r.isUnderflow()) {
                break;
            }
        }
        out.clear();
        if (decoder.flush(out).isError()) {
            throw new FormatException(file + " is not a text file; overhead reads " + KNOWN + ".");
        }
    }

    private static byte[] readBytes(Path file) {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new FormatException(file + " is not a regular file (a pipe, a device or a directory): give a"
                    + " result file; overhead reads " + KNOWN + ".");
        }
        try {
            long size = Files.size(file);
            if (size > maxBytes()) {
                throw new FormatException(String.format(
                        java.util.Locale.ROOT,
                        "%s is %.0f MB, more than overhead reads at once with %.0f MB of memory: give Java more"
                                + " (JAVA_TOOL_OPTIONS=-Xmx8g, which allows %.0f MB files), or split the file.",
                        file,
                        size / 1e6,
                        Runtime.getRuntime().maxMemory() / 1e6,
                        8e9 / 10 / 1e6));
            }
        } catch (NoSuchFileException e) {
            throw new FormatException(file + " does not exist.", e);
        } catch (IOException e) {
            throw new FormatException(file + " cannot be read: " + e.getMessage() + ".", e);
        }
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new FormatException(file + " does not exist.", e);
        } catch (IOException e) {
            throw new FormatException(file + " cannot be read: " + e.getMessage() + ".", e);
        }
    }
}
