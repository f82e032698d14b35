package dev.overhead.store;

import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where studies are kept. Every run is written in its own transaction the moment it ends, so a
 * kill loses at most the run in flight (CONTRACT §7).
 */
public interface Store extends AutoCloseable {

    /** Creates a study with its definition; runs are added later. */
    void createStudy(StudyInfo info, List<Workload> workloads, List<Variant> variants, Map<String, Object> environment)
            throws StoreException;

    /** Appends one measured run, durably, before returning. */
    void addRun(String studyId, String workload, String variant, Run run) throws StoreException;

    /** Records the study's end state ("running", "done", "interrupted", "failed") and warnings. */
    void finish(String studyId, String state, List<String> warnings) throws StoreException;

    /** A study by id, id prefix or label (the newest with that label). */
    Optional<StudyResult> load(String idOrLabel) throws StoreException;

    /** A line per study, newest first. */
    List<StudySummary> list() throws StoreException;

    /** Imports a complete study (e.g. read from another tool's file). */
    void importStudy(StudyResult study) throws StoreException;

    @Override
    void close() throws StoreException;

    record StudySummary(String id, String label, java.time.Instant created, String state, int workloads,
            int variants, int runs) {}
}
