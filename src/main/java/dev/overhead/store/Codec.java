package dev.overhead.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.StudySettings;
import dev.overhead.model.StudySettingsCodec;
import dev.overhead.stats.Direction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON columns: lists of words, string maps, study settings and metric specs. Written by hand as
 * plain maps (not records through Jackson's reflection) so the stored form is fixed here, not by
 * whatever methods a record grows.
 */
final class Codec {
    private Codec() {}

    /**
     * The writing mapper, made on the first write: a command that only reads the store ({@code report})
     * reads through {@link ColumnReader} and never builds it (docs/performance.md, "Start-up").
     */
    private static final class Writer {
        /**
         * Non-ASCII is written as \\u escapes, so that an argument's byte that is not UTF-8 (a lone
         * surrogate, exec.ArgBytes) survives the TEXT column, which would store it as '?'.
         */
        static final ObjectMapper JSON = com.fasterxml.jackson.databind.json.JsonMapper.builder()
                .enable(com.fasterxml.jackson.core.json.JsonWriteFeature.ESCAPE_NON_ASCII)
                .build();
    }

    static String write(Object value) {
        try {
            return Writer.JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value + " as JSON", e);
        }
    }

    static List<String> words(String json) throws JsonProcessingException {
        return ColumnReader.words(json);
    }

    static Map<String, String> strings(String json) throws JsonProcessingException {
        return ColumnReader.strings(json);
    }

    static Map<String, Object> objects(String json) throws JsonProcessingException {
        return ColumnReader.objects(json);
    }

    /** The settings column: {@link StudySettingsCodec}'s form, as JSON. */
    static String settings(StudySettings settings) {
        return write(StudySettingsCodec.write(settings));
    }

    /** Settings stored by this version or an earlier one (which may write a key differently). */
    static StudySettings settings(String json) throws JsonProcessingException {
        Map<String, Object> written = json == null ? null : objects(json);
        return StudySettingsCodec.read(written == null ? Map.of() : written);
    }

    static Map<String, Double> numbers(String json) throws JsonProcessingException {
        return ColumnReader.numbers(json);
    }

    static String metrics(List<MetricSpec> specs) {
        return metrics(specs, null);
    }

    /**
     * The metric specs; a workload's own primary metric (plan {@code primary:}) rides along as an
     * entry {@code {"primary": NAME}}, so no column is needed for it and older files read as before.
     */
    static String metrics(List<MetricSpec> specs, String primary) {
        List<Map<String, Object>> out = new java.util.ArrayList<>(specs.stream()
                .map(s -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("name", s.name());
                    m.put("better", s.better().word());
                    m.put("unit", s.unit());
                    m.put("regex", s.regex());
                    if (s.count()) {
                        m.put("kind", "count");
                    }
                    return m;
                })
                .toList());
        if (primary != null) {
            out.add(Map.of("primary", primary));
        }
        return write(out);
    }

    static List<MetricSpec> metrics(String json) throws JsonProcessingException {
        List<Map<String, String>> raw = ColumnReader.stringMaps(json);
        return raw.stream()
                .filter(m -> !m.containsKey("primary"))
                .map(m -> new MetricSpec(
                        m.get("name"),
                        Direction.parse(m.get("better")),
                        m.getOrDefault("unit", ""),
                        m.get("regex"),
                        "count".equals(m.get("kind"))))
                .toList();
    }

    /** The workload's own primary metric written by {@link #metrics(List, String)}, or null. */
    static String primary(String json) throws JsonProcessingException {
        List<Map<String, String>> raw = ColumnReader.stringMaps(json);
        return raw.stream()
                .filter(m -> m.containsKey("primary"))
                .map(m -> m.get("primary"))
                .findFirst()
                .orElse(null);
    }
}
