package dev.overhead.report;

import dev.overhead.model.StudyResult;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The settings a report needs from a study's options, read leniently: {@code 0.95} or
 * {@code "95%"}, {@code 1.0} or {@code "1%"}; absent ones fall back to CONTRACT §2's defaults.
 */
record StudyFacts(String created, double confidence, double thresholdPct, String primary, String options) {

    private static final DateTimeFormatter CREATED =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    static StudyFacts of(StudyResult study) {
        Map<String, Object> o = study.info().options();
        String created = study.info().created() == null
                ? ""
                : CREATED.format(study.info().created());
        double confidence = number(o.get("confidence"), 0.95);
        if (confidence > 1) {
            confidence /= 100;
        }
        double threshold = number(o.get("threshold"), 1.0);
        String primary = o.get("primary") instanceof String s && !s.isBlank() ? s : "wall";
        // confidence, threshold and primary have their own line; a switch that is off says nothing
        String options = o.entrySet().stream()
                .filter(e -> !List.of("confidence", "threshold", "primary").contains(e.getKey()))
                .filter(e -> !Boolean.FALSE.equals(e.getValue()))
                .map(e -> e.getKey() + "=" + text(e.getValue()))
                .collect(Collectors.joining(" "));
        return new StudyFacts(created, confidence, threshold, primary, options);
    }

    static double number(Object value, double fallback) {
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        if (value instanceof String s) {
            try {
                boolean percent = s.strip().endsWith("%");
                double v = Double.parseDouble(s.strip().replace("%", ""));
                return percent && fallback < 1 ? v / 100 : v;
            } catch (NumberFormatException e) {
                return fallback;
            }
        }
        return fallback;
    }

    private static String text(Object value) {
        return switch (value) {
            case null -> "";
            case List<?> list -> list.stream().map(StudyFacts::text).collect(Collectors.joining(","));
            case Map<?, ?> map ->
                map.entrySet().stream()
                        .map(e -> e.getKey() + ":" + text(e.getValue()))
                        .collect(Collectors.joining(","));
            default -> Labels.quote(String.valueOf(value));
        };
    }
}
