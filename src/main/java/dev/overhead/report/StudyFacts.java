package dev.overhead.report;

import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.StudySettingsCodec;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The settings a report shows: confidence, threshold and primary metric, and the others as one line. */
record StudyFacts(String created, double confidence, double thresholdPct, String primary, String options) {

    private static final DateTimeFormatter CREATED =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    static StudyFacts of(StudyResult study) {
        StudySettings settings = study.info().settings();
        Map<String, Object> o = StudySettingsCodec.write(settings);
        String created = study.info().created() == null
                ? ""
                : CREATED.format(study.info().created());
        // confidence, threshold and primary have their own line; a switch that is off says nothing; a boot
        // study's switch and identify commands say how it ran, not what it measured (the JSON keeps them)
        String options = o.entrySet().stream()
                .filter(e ->
                        !List.of("confidence", "threshold", "primary", "boot").contains(e.getKey()))
                .filter(e -> !Boolean.FALSE.equals(e.getValue()))
                .map(e -> e.getKey() + "=" + text(e.getValue()))
                .collect(Collectors.joining(" "));
        return new StudyFacts(
                created,
                settings.compare().confidence(),
                settings.compare().thresholdPct(),
                settings.primary(),
                options);
    }

    // instanceof, not a switch on the type: each such switch spins a class at its first run, which a
    // report pays at every start (docs/performance.md, "Start-up")
    private static String text(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof List<?> list) {
            return list.stream().map(StudyFacts::text).collect(Collectors.joining(","));
        }
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream()
                    .map(e -> e.getKey() + ":" + text(e.getValue()))
                    .collect(Collectors.joining(","));
        }
        return Labels.quote(String.valueOf(value));
    }
}
