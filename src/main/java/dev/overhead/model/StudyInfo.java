package dev.overhead.model;

import java.time.Instant;
import java.util.Map;

/**
 * Who a study is: its id, the label it can be found by, when it began, and the options it ran with
 * (as shown in reports and stored, keyed by their command-line names).
 */
public record StudyInfo(String id, String label, Instant created, Map<String, Object> options) {
    public StudyInfo {
        options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
    }
}
