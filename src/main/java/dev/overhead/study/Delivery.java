package dev.overhead.study;

import dev.overhead.model.StudyResult;
import java.nio.file.Path;

/**
 * What the command that started a study does with its result: the reports it writes and the exit
 * code its gates give. The command line supplies it (formats, files, --fail-if-worse); the study
 * only says when.
 */
public interface Delivery {
    /** Refuses, before anything is measured, output files that would overwrite the store or an input. */
    void checkTargets(Path storeFile);

    /** Writes the reports of a study whose runs are done (or were interrupted). */
    void write(StudyResult result);

    /** The exit code the gates give a completed study: 0, or 3 where a --fail-if-worse threshold tripped. */
    int gate(StudyResult result);
}
