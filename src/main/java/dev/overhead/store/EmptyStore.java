package dev.overhead.store;

import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What a read command sees where no store has been made yet: no studies, and nothing created. */
final class EmptyStore implements Store {
    @Override
    public void createStudy(
            StudyInfo info, List<Workload> workloads, List<Variant> variants, Map<String, Object> environment) {
        throw new UnsupportedOperationException("opened for reading");
    }

    @Override
    public void addRun(String studyId, String workload, String variant, Run run) {
        throw new UnsupportedOperationException("opened for reading");
    }

    @Override
    public void finish(String studyId, String state, List<String> warnings) {
        throw new UnsupportedOperationException("opened for reading");
    }

    @Override
    public Optional<StudyResult> load(String idOrLabel) {
        return Optional.empty();
    }

    @Override
    public List<StudySummary> list() {
        return List.of();
    }

    @Override
    public void importStudy(StudyResult study) {
        throw new UnsupportedOperationException("opened for reading");
    }

    @Override
    public void close() {}
}
