package dev.overhead.run;

import dev.overhead.model.StudyResult;

/** What a study ended with: its result (with comparisons) and how it ended. */
public record Outcome(StudyResult result, State state) {
    public enum State {
        DONE,
        INTERRUPTED;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
