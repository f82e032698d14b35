package dev.overhead.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.MetricSpec;
import dev.overhead.stats.Direction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON columns: lists of words, string maps, option maps and metric specs. Written by hand as
 * plain maps (not records through Jackson's reflection) so the stored form is fixed here, not by
 * whatever methods a record grows.
 */
final class Codec {
    private Codec() {}

    private static final ObjectMapper JSON = new ObjectMapper();

    static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value + " as JSON", e);
        }
    }

    static List<String> words(String json) throws JsonProcessingException {
        return JSON.readValue(json, new TypeReference<List<String>>() {});
    }

    static Map<String, String> strings(String json) throws JsonProcessingException {
        return JSON.readValue(json, new TypeReference<LinkedHashMap<String, String>>() {});
    }

    static Map<String, Object> objects(String json) throws JsonProcessingException {
        return JSON.readValue(json, new TypeReference<LinkedHashMap<String, Object>>() {});
    }

    static Map<String, Double> numbers(String json) throws JsonProcessingException {
        return JSON.readValue(json, new TypeReference<LinkedHashMap<String, Double>>() {});
    }

    static String metrics(List<MetricSpec> specs) {
        return write(specs.stream()
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
    }

    static List<MetricSpec> metrics(String json) throws JsonProcessingException {
        List<Map<String, String>> raw = JSON.readValue(json, new TypeReference<List<Map<String, String>>>() {});
        return raw.stream()
                .map(m -> new MetricSpec(
                        m.get("name"),
                        Direction.parse(m.get("better")),
                        m.getOrDefault("unit", ""),
                        m.get("regex"),
                        "count".equals(m.get("kind"))))
                .toList();
    }
}
