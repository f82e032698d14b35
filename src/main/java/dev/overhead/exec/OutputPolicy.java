package dev.overhead.exec;

import java.nio.file.Path;

/** Where a measured command's stdout and stderr go (the last few KiB are kept either way). */
public sealed interface OutputPolicy {
    /** Thrown away (the default): output of any size costs the harness nothing. */
    record Discard() implements OutputPolicy {}

    /** Shown on the terminal, as the command would print it. */
    record Inherit() implements OutputPolicy {}

    /** Appended to a file. */
    record ToFile(Path file) implements OutputPolicy {}
}
