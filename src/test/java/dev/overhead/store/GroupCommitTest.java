package dev.overhead.store;

import static dev.overhead.store.StoreFixtures.CREATED;
import static dev.overhead.store.StoreFixtures.VARIANTS;
import static dev.overhead.store.StoreFixtures.WORKLOADS;
import static dev.overhead.store.StoreFixtures.info;
import static dev.overhead.store.StoreFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs are group-committed in time (SqliteStore): a run within a second of the last sync is written at
 * {@code synchronous=NORMAL} (to the WAL, not synced), and the level goes back to FULL only when a sync is due or
 * something other than a run is written, not twice per run.
 */
class GroupCommitTest {
    private static final int NORMAL = 1;
    private static final int FULL = 2;
    private static final String ID = "20261203-150000-9c1e";

    @TempDir
    Path dir;

    @Test
    void runsWithinASecondStayUnsyncedAndTheStudysEndIsSynced() throws Exception {
        try (SqliteStore store = SqliteStore.open(dir.resolve("s.db"))) {
            store.createStudy(info(ID, "group", CREATED), WORKLOADS, VARIANTS, Map.of());
            assertThat(store.synchronousLevel()).isEqualTo(FULL);
            store.addRun(ID, "sort", "glibc", run(0, 0, 0.25)); // the study was just synced: no sync due
            store.addRun(ID, "sort", "glibc", run(1, 1, 0.5));
            assertThat(store.synchronousLevel())
                    .as("left at NORMAL between runs")
                    .isEqualTo(NORMAL);
            store.finish(ID, "done", List.of());
            assertThat(store.synchronousLevel())
                    .as("the end of the study is synced")
                    .isEqualTo(FULL);
            assertThat(store.load(ID).orElseThrow().workloads().getFirst().variants().stream()
                            .mapToInt(v -> v.runs().size())
                            .sum())
                    .isEqualTo(2);
        }
    }

    @Test
    void aRunAfterASecondIsSynced() throws Exception {
        java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong();
        try (SqliteStore store = SqliteStore.open(dir.resolve("s.db")).timedBy(clock::get)) {
            store.createStudy(info(ID, "group", CREATED), WORKLOADS, VARIANTS, Map.of());
            store.addRun(ID, "sort", "glibc", run(0, 0, 0.25));
            assertThat(store.synchronousLevel()).isEqualTo(NORMAL);
            clock.addAndGet(SqliteStore.DURABLE_EVERY_NS - 1);
            store.addRun(ID, "sort", "glibc", run(1, 1, 0.4));
            assertThat(store.synchronousLevel()).as("still within the second").isEqualTo(NORMAL);
            clock.addAndGet(1); // a second without a sync
            store.addRun(ID, "sort", "glibc", run(2, 2, 0.5));
            assertThat(store.synchronousLevel())
                    .as("this run's commit syncs the WAL")
                    .isEqualTo(FULL);
        }
    }
}
