package dev.overhead.interop;

import dev.overhead.model.StudyResult;

/** Stub so interop compiles; the lead's real reader of CONTRACT §4 JSON replaces this file. */
public final class OverheadJsonReader {
    private OverheadJsonReader() {}

    public static StudyResult read(String json) {
        throw new UnsupportedOperationException("reading overhead's own JSON is not built yet");
    }
}
