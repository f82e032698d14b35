package dev.overhead.store;

import static dev.overhead.store.StoreFixtures.CREATED;
import static dev.overhead.store.StoreFixtures.VARIANTS;
import static dev.overhead.store.StoreFixtures.WORKLOADS;
import static dev.overhead.store.StoreFixtures.info;
import static dev.overhead.store.StoreFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What docs/cli.md ("Errors and what is kept") promises: a kill loses at most the run in flight;
 * concurrent writers do not fail.
 */
@Processes
class StoreDurabilityTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(StoreKind.class)
    @Timeout(120)
    void runsWrittenBeforeAKillNineAreKeptAndTheStudyCanBeResumed(StoreKind kind) throws Exception {
        String db = kind.fresh(dir);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        KillWriterMain.class.getName(),
                        db,
                        "20261202-103015-dead")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        int lastReported = -1;
        int lastPrinted = -1;
        try (var out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null && lastReported < 20) {
                lastReported = Integer.parseInt(line.strip());
            }
            // SIGKILL through the handle (Process.destroyForcibly would also close the pipe we still read)
            child.toHandle().destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            // On a loaded machine the child may store a few more runs before the kill lands: read what it
            // reported up to its death, so the bound below is what it said, not a guess about scheduling.
            while ((line = out.readLine()) != null) {
                lastPrinted = Integer.parseInt(line.strip());
            }
        }
        assertThat(lastReported).isEqualTo(20);
        lastPrinted = Math.max(lastPrinted, lastReported);

        try (Store store = Stores.open(db)) {
            StudyResult study = store.load("killed").orElseThrow();
            List<Run> glibc = study.workloads().getFirst().variants().get(0).runs();
            List<Run> traced = study.workloads().getFirst().variants().get(1).runs();
            // Every run reported as stored is there; at most one more (in flight at the kill) may be.
            assertThat(glibc.size() + traced.size()).isBetween(lastPrinted + 1, lastPrinted + 2);
            assertThat(glibc.getFirst()).isEqualTo(run(0, 0, 1.0));
            assertThat(traced.getFirst()).isEqualTo(run(0, 1, 2.0));

            StudyDefinition def = store.studyDefinition("20261202-103015-dead").orElseThrow();
            assertThat(def.state()).isEqualTo("running").as("never finished: resume continues it");
            assertThat(def.workloads()).isEqualTo(WORKLOADS);
            assertThat(def.variants()).isEqualTo(VARIANTS);

            int next = glibc.size() + traced.size();
            store.addRun(def.info().id(), "sort", next % 2 == 0 ? "glibc" : "traced", run(next / 2, next, 9.0));
            store.finish(def.info().id(), "done", List.of());
            assertThat(store.list().getFirst().runs()).isEqualTo(next + 1);
        }
    }

    @ParameterizedTest
    @EnumSource(StoreKind.class)
    @Timeout(120)
    void twoWritersOnOneStoreBothSucceed(StoreKind kind) throws Exception {
        String db = kind.fresh(dir);
        int runsEach = 150;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (String id : List.of("writer-a", "writer-b")) {
                done.add(pool.submit(() -> {
                    // A connection of its own each, as two overhead processes would have.
                    try (Store store = Stores.open(db)) {
                        store.createStudy(info(id, id, CREATED), WORKLOADS, VARIANTS, Map.of());
                        for (int i = 0; i < runsEach; i++) {
                            store.addRun(id, "sort", "glibc", run(i, i, 1.0));
                        }
                        store.finish(id, "done", List.of());
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        try (Store store = Stores.open(db)) {
            assertThat(store.list()).extracting(Store.StudySummary::runs).containsExactly(runsEach, runsEach);
        }
    }
}
