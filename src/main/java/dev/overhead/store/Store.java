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
 * kill loses at most the run in flight (docs/cli.md, "Errors and what is kept").
 */
public interface Store extends AutoCloseable {

    /** Creates a study with its definition; runs are added later. */
    void createStudy(StudyInfo info, List<Workload> workloads, List<Variant> variants, Map<String, Object> environment)
            throws StoreException;

    /**
     * Appends one measured run before returning: written so that a kill loses nothing of it; a store may sync
     * runs to the disk in groups (SqliteStore: at least once a second) rather than one by one.
     */
    void addRun(String studyId, String workload, String variant, Run run) throws StoreException;

    /** Records the study's end state ("running", "done", "interrupted", "failed") and warnings. */
    void finish(String studyId, String state, List<String> warnings) throws StoreException;

    /**
     * Records the study's end as {@link #finish(String, String, List)} does, and why each workload's runs
     * ended, so that a report of the stored study says it. A store that keeps no such thing ignores them.
     */
    default void finish(String studyId, String state, List<String> warnings, Map<String, dev.overhead.model.Stop> stops)
            throws StoreException {
        finish(studyId, state, warnings);
    }

    /**
     * Replaces the study's environment: what a study learns about its machines as it goes (each boot of
     * a virtual machine's kernel release, command line and accelerator, docs/workloads.md).
     */
    default void setEnvironment(String studyId, Map<String, Object> environment) throws StoreException {
        throw new StoreException("this store cannot update a study's environment.", null);
    }

    /**
     * A study by id, label (the newest with that label) or unique id prefix of at least 4 characters,
     * in that order of preference; comparisons are left empty for the caller to analyse.
     *
     * @throws StoreException also when a prefix matches several studies (the message lists them)
     */
    Optional<StudyResult> load(String idOrLabel) throws StoreException;

    /**
     * What a study was asked to do (workloads, variants, options, state), without its runs: for
     * {@code overhead resume}, which takes the runs done so far from {@link #load}.
     */
    default Optional<StudyDefinition> studyDefinition(String idOrLabel) throws StoreException {
        // A store that keeps no state of its own (a fake, a file) can answer from the loaded study.
        return load(idOrLabel).map(r -> {
            Map<String, Variant> variants = new java.util.LinkedHashMap<>();
            r.workloads().forEach(w -> w.variants().forEach(v -> variants.putIfAbsent(v.name(), v.variant())));
            return new StudyDefinition(
                    r.info(),
                    "done",
                    r.workloads().stream()
                            .map(dev.overhead.model.WorkloadResult::workload)
                            .toList(),
                    List.copyOf(variants.values()),
                    r.environment(),
                    r.warnings());
        });
    }

    /**
     * Held while a study is measured: a second process that tries to measure it is refused
     * (docs/reliability.md, case 9). The lock goes with the process, however it ends.
     *
     * @throws StoreException when another process holds it
     */
    default Held lock(String studyId) throws StoreException {
        return () -> {};
    }

    /** Something held until closed, whose closing cannot fail. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /** A line per study, newest first. */
    List<StudySummary> list() throws StoreException;

    /** Imports a complete study (e.g. read from another tool's file). */
    void importStudy(StudyResult study) throws StoreException;

    @Override
    void close() throws StoreException;

    /**
     * A study's line in {@link #list()}. {@code submission}, {@code machine}, {@code commit} and {@code branch} say
     * where it belongs in a team (the {@code overhead submit} that queued it, the machine that measured it, the
     * commit and branch it measured); null where unknown.
     */
    record StudySummary(
            String id,
            String label,
            java.time.Instant created,
            String state,
            int workloads,
            int variants,
            int runs,
            String submission,
            String machine,
            String commit,
            String branch) {}
}
