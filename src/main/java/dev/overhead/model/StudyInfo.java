package dev.overhead.model;

import java.time.Instant;
import java.util.Objects;

/**
 * Who a study is: its id, the label it can be found by, when it began, and the settings it ran with
 * (written out, for the store and the reports, by {@link StudySettingsCodec}).
 */
public record StudyInfo(String id, String label, Instant created, StudySettings settings) {
    public StudyInfo {
        Objects.requireNonNull(settings, "settings");
    }
}
