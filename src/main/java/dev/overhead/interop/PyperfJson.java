package dev.overhead.interop;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * pyperf's JSON ({@code "version": "1.0"}): {@code benchmarks[]}, each with {@code runs[]} whose
 * {@code values} are the measured values and {@code warmups} the ones left out. A benchmark's name
 * and unit come from its own metadata or the file's. One file is one variant (named after the file)
 * of one workload per benchmark; metadata is kept as notes (the study's environment).
 *
 * <p>Each value becomes one run holding the metric {@code time} (pyperf's unit "second" is the time
 * of one inner loop, not the wall time of a process, so it is not {@code wall}).
 */
public final class PyperfJson {
    private PyperfJson() {}

    private static final ObjectMapper JSON = new ObjectMapper();

    static boolean looksLike(JsonNode root) {
        return root.isObject() && root.path("benchmarks").isArray() && root.has("version");
    }

    public static StudyResult read(String text, String source) {
        try {
            return read(JSON.readTree(text), source);
        } catch (JsonProcessingException e) {
            throw new FormatException(
                    source + " is not valid JSON (line " + e.getLocation().getLineNr() + ").", e);
        }
    }

    static StudyResult read(JsonNode root, String source) {
        if (!looksLike(root)) {
            throw new FormatException(source + " is not a pyperf result (no \"benchmarks\" list and \"version\").");
        }
        JsonNode common = root.path("metadata");
        List<String> warnings = new ArrayList<>();
        List<WorkloadResult> workloads = new ArrayList<>();
        Map<String, Object> notes = new LinkedHashMap<>();
        common.properties()
                .forEach(e -> notes.put(
                        e.getKey(),
                        e.getValue().isNumber()
                                ? e.getValue().numberValue()
                                : e.getValue().asText()));
        String variant = Imported.stem(source);
        int index = 0;
        for (JsonNode b : root.path("benchmarks")) {
            index++;
            JsonNode meta = b.path("metadata");
            String name = meta.path("name").asText(common.path("name").asText("benchmark " + index));
            String unit = meta.path("unit").asText(common.path("unit").asText("second"));
            MetricSpec metric = switch (unit) {
                case "second" -> Imported.metric("time", Direction.LOWER, "s");
                case "byte" -> Imported.metric("memory", Direction.LOWER, "B");
                default -> Imported.metric(unit, Direction.LOWER, unit);
            };
            List<Run> runs = new ArrayList<>();
            int calibration = 0;
            for (JsonNode run : b.path("runs")) {
                JsonNode values = run.path("values");
                if (!values.isArray() || values.isEmpty()) {
                    calibration++; // a calibration run: warm-ups only
                    continue;
                }
                for (JsonNode v : values) {
                    if (!v.isNumber()
                            || !Double.isFinite(v.asDouble())
                            || (v.asDouble() < 0 && !unit.equals("integer"))) {
                        // a string read as 0, or a negative time or size (issues 28.6, 33.12)
                        throw new FormatException(("%s: a value of benchmark '%s' is %s, "
                                        + (v.isNumber() && Double.isFinite(v.asDouble())
                                                ? "but a time or size cannot be negative"
                                                : "not a finite number")
                                        + "; fix or remove that run.")
                                .formatted(source, name, v.toString()));
                    }
                    runs.add(Imported.metricsRun(runs.size(), Map.of(metric.name(), v.asDouble())));
                }
            }
            if (runs.isEmpty()) {
                warnings.add("%s: benchmark '%s' has no values; left out.".formatted(source, name));
                continue;
            }
            if (calibration > 0) {
                notes.put(name + ": calibration runs left out", calibration);
            }
            meta.properties()
                    .forEach(e ->
                            notes.put(name + ": " + e.getKey(), e.getValue().asText()));
            workloads.add(new WorkloadResult(
                    Imported.workload(name, List.of(), Map.of(), List.of(metric)),
                    List.of(new VariantResult(Variant.plain(variant), runs))));
        }
        if (workloads.isEmpty()) {
            throw new FormatException(source + " is a pyperf result without any values.");
        }
        StudyResult study = Imported.study(variant, variant, null, "pyperf", workloads, warnings);
        return new StudyResult(
                study.info(),
                Map.of("pyperf_metadata", notes),
                study.workloads(),
                List.of(),
                study.warnings(),
                List.of());
    }
}
