package dev.overhead.serve;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.store.Fleet;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.verdicts.Highlights;
import dev.overhead.verdicts.History;
import dev.overhead.verdicts.Judge;
import dev.overhead.verdicts.PooledSubmission;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The studies of a store as the pages need them: judged as {@code overhead report} judges them, and
 * kept in memory while unchanged. The store is read through its interface only, one request at a
 * time (a store need not be safe for several threads); a study that gains runs or ends is read
 * again, because its line in {@link Store#list()} changes.
 */
final class Catalog {
    /** Judged studies kept at most; a history of a few hundred studies stays in memory. */
    private static final int KEPT = 500;

    private final Store store;
    private final Map<String, Cached> judged = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Cached> eldest) {
            return size() > KEPT;
        }
    };

    /** What the list shows of each study: small, so kept for every study while its line is unchanged. */
    private final Map<String, Entry> listed = new java.util.HashMap<>();

    Catalog(Store store) {
        this.store = store;
    }

    /** A study of the list with what the filters look at. */
    record Entry(
            Store.StudySummary summary, String machine, String kernel, List<String> workloads, List<String> variants) {
        String id() {
            return summary.id();
        }

        String label() {
            return summary.label();
        }

        Instant created() {
            return summary.created();
        }

        String state() {
            return summary.state();
        }

        int runs() {
            return summary.runs();
        }
    }

    private record Cached(Store.StudySummary summary, StudyResult study) {}

    /** Every study, newest first, with its machine, kernel and workloads. */
    synchronized List<Entry> entries() throws StoreException {
        List<Entry> out = new ArrayList<>();
        Map<String, Entry> seen = new java.util.HashMap<>();
        for (Store.StudySummary s : store.list()) {
            Entry e = listed.get(s.id());
            if (e == null || !e.summary().equals(s)) {
                Optional<StudyResult> study = store.load(s.id()); // not judged: the list shows no verdict
                if (study.isEmpty()) {
                    continue; // deleted between the list and the load
                }
                StudyResult r = study.get();
                e = new Entry(
                        s,
                        History.machineOf(r),
                        History.kernelOf(r),
                        r.workloads().stream().map(w -> w.name()).toList(),
                        r.variantNames());
            }
            seen.put(s.id(), e);
            out.add(e);
        }
        listed.clear(); // deleted studies go
        listed.putAll(seen);
        return out;
    }

    /**
     * A listed study's comparisons on each workload's primary metric, judged as its report judges them (and kept
     * as the judged study is); empty where it compares nothing.
     */
    synchronized List<ComparisonRow> primaryRows(Entry e) throws StoreException {
        return judged(e.summary()).map(Highlights::primaryRows).orElse(List.of());
    }

    /** One study, judged, by id (or whatever the store's {@link Store#load} accepts). */
    synchronized Optional<StudyResult> study(String idOrLabel) throws StoreException {
        Optional<StudyResult> loaded = store.load(idOrLabel);
        if (loaded.isEmpty()) {
            return loaded;
        }
        String id = loaded.get().info().id();
        for (Store.StudySummary s : store.list()) {
            if (s.id().equals(id)) {
                return judged(s);
            }
        }
        return Optional.of(judge(loaded.get()));
    }

    /** The newest {@code n} finished studies, judged, newest first (the feed's). */
    synchronized List<StudyResult> newestDone(int n) throws StoreException {
        List<StudyResult> out = new ArrayList<>();
        for (Store.StudySummary s : store.list()) {
            if (out.size() >= n) {
                break;
            }
            if ("done".equals(s.state())) {
                judged(s).ifPresent(out::add);
            }
        }
        return out;
    }

    /** The judged studies of one label, oldest first. */
    synchronized List<StudyResult> withLabel(String label) throws StoreException {
        List<StudyResult> out = new ArrayList<>();
        for (Store.StudySummary s : store.list()) {
            if (label.equals(s.label())) {
                judged(s).ifPresent(out::add);
            }
        }
        out.sort(java.util.Comparator.comparing(
                        (StudyResult r) -> r.info().created(),
                        java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder()))
                .thenComparing(r -> r.info().id()));
        return out;
    }

    /** The studies of one {@code overhead submit}, one per machine, judged; empty where it has none. */
    synchronized List<PooledSubmission.Machine> submission(String submission) throws StoreException {
        List<PooledSubmission.Machine> out = new ArrayList<>();
        for (Store.StudySummary s : store.list()) {
            String machine = Fleet.machineOf(submission, s);
            if (machine != null) {
                judged(s)
                        .ifPresent(study -> out.add(new PooledSubmission.Machine(machine, study, s.state(), s.runs())));
            }
        }
        return out;
    }

    private Optional<StudyResult> judged(Store.StudySummary s) throws StoreException {
        Cached c = judged.get(s.id());
        if (c != null && c.summary().equals(s)) {
            return Optional.of(c.study());
        }
        Optional<StudyResult> loaded = store.load(s.id());
        if (loaded.isEmpty()) {
            judged.remove(s.id());
            return Optional.empty();
        }
        StudyResult study = judge(loaded.get());
        judged.put(s.id(), new Cached(s, study));
        return Optional.of(study);
    }

    /** As {@code overhead report STUDY} judges it: with the settings it was run with. */
    static StudyResult judge(StudyResult study) {
        return Judge.asRun(study);
    }
}
