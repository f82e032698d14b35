package dev.overhead.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.StudyResult;
import dev.overhead.store.Store;
import dev.overhead.store.Stores;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages of a label whose study is being measured (issue 33, case 11): a real store with a study still
 * {@code running} — defined, runs stored, never finished — answers as a finished one does, never 404.
 */
class HistoryDuringStudyTest {
    @TempDir
    Path dir;

    @Test
    void theHistoryOfALabelWorksWhileItsStudyRuns() throws Exception {
        StudyResult made = MemoryStore.study(
                "20261205-010000-aaaa", "live", java.time.Instant.parse("2026-12-05T01:00:00Z"), "lab-a", 1.1);
        try (Store store = Stores.open(dir.resolve("s.db").toString())) {
            store.createStudy(
                    made.info(),
                    made.workloads().stream().map(w -> w.workload()).toList(),
                    made.workloads().getFirst().variants().stream()
                            .map(v -> v.variant())
                            .toList(),
                    made.environment());
            for (var w : made.workloads()) {
                for (var v : w.variants()) {
                    for (var run : v.runs().subList(0, 3)) { // three of five: the study is under way
                        store.addRun(
                                made.info().id(),
                                w.workload().name(),
                                v.variant().name(),
                                run);
                    }
                }
            }
            assertThat(store.list().getFirst().state()).isEqualTo("running");
            Routes routes = new Routes(
                    new Catalog(store),
                    new Presentation(UnaryOperator.identity(), UnaryOperator.identity(), Locale.ROOT, ZoneOffset.UTC));
            Map<String, String> q = new LinkedHashMap<>();
            q.put("label", "live");
            Routes.Reply history = routes.answer("/history", q);
            assertThat(history.status()).as(history.body()).isEqualTo(200);
            assertThat(history.body()).contains("History of live").contains("1 study on 1 machine");
            Routes.Reply page = routes.answer("/study/" + made.info().id(), Map.of());
            assertThat(page.status()).as(page.body()).isEqualTo(200);
        }
    }
}
