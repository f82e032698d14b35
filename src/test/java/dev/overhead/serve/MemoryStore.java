package dev.overhead.serve;

import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.store.Store;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A store in memory that only reads, as serve uses one; and studies made to measure for it. */
final class MemoryStore implements Store {
    private final List<StudyResult> studies = new ArrayList<>();

    /** Adds a study, or replaces the one with its id (a study that gained runs). */
    MemoryStore add(StudyResult s) {
        studies.removeIf(x -> x.info().id().equals(s.info().id()));
        studies.add(s);
        return this;
    }

    /**
     * A study of hackbench: base against stackleak, five runs each; stackleak's wall is {@code scale}
     * times base's, with the same ±2% spread in both.
     */
    static StudyResult study(String id, String label, Instant created, String machine, double scale) {
        Workload w = new Workload("hackbench", List.of("hackbench", "-g", "4"), false, Map.of(), List.of(), List.of());
        List<VariantResult> variants = new ArrayList<>();
        for (String v : List.of("base", "stackleak")) {
            List<Run> runs = new ArrayList<>();
            double[] jitter = {0.98, 1.01, 1.0, 0.99, 1.02};
            for (int i = 0; i < jitter.length; i++) {
                double wall = (v.equals("base") ? 1.0 : scale) * jitter[i];
                runs.add(new Run(
                        i, i, i, created, 0, null, false, wall, wall / 2, 0.01, 2048, true, 10, 0, 1, 1, 0, 0, Map.of(),
                        null, null));
            }
            variants.add(new VariantResult(Variant.plain(v), runs));
        }
        StudySettings settings = StudySettings.DEFAULTS.toBuilder()
                .stopping(new dev.overhead.model.Stopping.Fixed(5))
                .build();
        Map<String, Object> env = machine == null
                ? Map.of()
                : Map.of("machine", machine, "kernel", Map.of("release", "6.1." + created.getEpochSecond() % 100));
        return new StudyResult(
                new StudyInfo(id, label, created, settings),
                env,
                List.of(new WorkloadResult(w, variants)),
                List.of(),
                List.of(),
                List.of());
    }

    @Override
    public Optional<StudyResult> load(String idOrLabel) throws dev.overhead.store.AmbiguousStudy {
        Optional<StudyResult> byId =
                studies.stream().filter(s -> s.info().id().equals(idOrLabel)).findFirst();
        if (byId.isPresent()) {
            return byId;
        }
        Optional<StudyResult> byLabel = studies.stream()
                .filter(s -> idOrLabel.equals(s.info().label()))
                .max(Comparator.comparing(s -> s.info().created()));
        if (byLabel.isPresent()) {
            return byLabel;
        }
        // a unique id prefix, as the real stores take it (store.StudyRows)
        List<StudyResult> prefixed = studies.stream()
                .filter(s -> s.info().id().startsWith(idOrLabel))
                .toList();
        if (prefixed.size() > 1) {
            throw new dev.overhead.store.AmbiguousStudy(
                    "'" + idOrLabel + "' is the start of " + prefixed.size() + " study ids: give more of the id.");
        }
        return prefixed.stream().findFirst();
    }

    @Override
    public List<StudySummary> list() {
        return studies.stream()
                .sorted(Comparator.comparing((StudyResult s) -> s.info().created())
                        .reversed())
                .map(s -> new StudySummary(
                        s.info().id(),
                        s.info().label(),
                        s.info().created(),
                        "done",
                        s.workloads().size(),
                        s.variantNames().size(),
                        s.workloads().stream()
                                .flatMap(w -> w.variants().stream())
                                .mapToInt(v -> v.runs().size())
                                .sum(),
                        null,
                        null,
                        null,
                        null))
                .toList();
    }

    @Override
    public void createStudy(StudyInfo info, List<Workload> workloads, List<Variant> variants, Map<String, Object> env) {
        throw new UnsupportedOperationException("serve only reads");
    }

    @Override
    public void addRun(String studyId, String workload, String variant, Run run) {
        throw new UnsupportedOperationException("serve only reads");
    }

    @Override
    public void finish(String studyId, String state, List<String> warnings) {
        throw new UnsupportedOperationException("serve only reads");
    }

    @Override
    public void importStudy(StudyResult study) {
        throw new UnsupportedOperationException("serve only reads");
    }

    @Override
    public void close() {}
}
