package dev.overhead.store;

import static dev.overhead.store.StoreFixtures.CREATED;
import static dev.overhead.store.StoreFixtures.VARIANTS;
import static dev.overhead.store.StoreFixtures.WORKLOADS;
import static dev.overhead.store.StoreFixtures.info;
import static dev.overhead.store.StoreFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.Processes;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQLite store on a disk that fills up, a read-only mount, and rows that collide (issue 33, case 0). */
@Processes
class StoreUnderFaultsTest {
    @TempDir
    Path dir;

    /** A tmpfs of this size at {@code at}, or the test is skipped (it needs root). */
    static Path mount(Path at, String size) throws Exception {
        Files.createDirectories(at);
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", at.toString())
                .redirectErrorStream(true)
                .start();
        boolean mounted = mount.waitFor() == 0;
        if (System.getenv("CI") == null) {
            Assumptions.assumeTrue(mounted, "needs root to mount a small tmpfs (a disk that fills up)");
        }
        assertThat(mounted).as("mount a tmpfs (CI runs as root)").isTrue();
        return at;
    }

    static void umount(Path at) throws Exception {
        new ProcessBuilder("umount", at.toString()).start().waitFor();
    }

    static void fill(Path file) {
        try (var out = Files.newOutputStream(file)) {
            byte[] block = new byte[4096];
            while (true) {
                out.write(block);
                out.flush();
            }
        } catch (IOException full) {
            // the disk is full now
        }
    }

    @Test
    void aStudyThatFilledTheDiskGoesOnOnceSpaceIsFreed() throws Exception {
        Path small = mount(dir.resolve("small"), "3m");
        try {
            Path db = small.resolve("s.db");
            Path filler = small.resolve("filler");
            int stored = 0;
            try (SqliteStore store = SqliteStore.open(db)) {
                store.createStudy(info("s1", "full", CREATED), WORKLOADS.subList(0, 1), VARIANTS, Map.of());
                fill(filler);
                try {
                    for (; stored < 600; stored++) {
                        store.addRun("s1", "sort", "glibc", run(stored, stored, 1.0));
                    }
                } catch (StoreException full) {
                    assertThat(full).hasMessageContaining("is full: free some space");
                }
            }
            assertThat(stored).as("the disk filled up before 600 runs").isLessThan(600);
            Files.delete(filler);
            // resume: the same study goes on to its 600 runs in the space the filler took, and ends
            try (SqliteStore store = SqliteStore.open(db)) {
                for (int i = stored; i < 600; i++) {
                    store.addRun("s1", "sort", "glibc", run(i, i, 1.0));
                }
                store.finish("s1", "done", List.of());
            }
            try (Store store = SqliteStore.openForReading(db)) {
                assertThat(store.load("s1")
                                .orElseThrow()
                                .workloads()
                                .getFirst()
                                .variants()
                                .getFirst()
                                .runs())
                        .hasSize(600);
            }
        } finally {
            umount(small);
        }
    }

    @Test
    void readCommandsReadAStoreOnAReadOnlyMount() throws Exception {
        Path ro = mount(dir.resolve("ro"), "4m");
        try {
            Path db = ro.resolve("s.db");
            try (SqliteStore store = SqliteStore.open(db)) {
                store.createStudy(info("s1", "ro", CREATED), WORKLOADS.subList(0, 1), VARIANTS, Map.of());
                store.addRun("s1", "sort", "glibc", run(0, 0, 1.0));
                store.finish("s1", "done", List.of());
            }
            assertThat(ro.resolve("s.db-shm")).doesNotExist(); // closed cleanly: the file is the whole store
            Process remount = new ProcessBuilder("mount", "-o", "remount,ro", ro.toString()).start();
            assertThat(remount.waitFor()).isZero();
            try (Store store = SqliteStore.openForReading(db)) {
                assertThat(store.list()).hasSize(1);
                assertThat(store.load("ro")).isPresent();
            }
            assertThat(StoreAdmin.check(db).problems()).isEmpty();
            assertThatThrownBy(() -> SqliteStore.open(db)).hasMessageContaining("cannot");
        } finally {
            umount(ro);
        }
    }

    @Test
    void aStoreWithADamagedPageIsNeverWritten() throws Exception {
        Path db = dir.resolve("s.db");
        try (SqliteStore store = SqliteStore.open(db)) {
            for (int s = 0; s < 40; s++) {
                String id = "2026120" + (s % 9) + "-0900" + String.format("%02d", s) + "-000" + (s % 10);
                store.createStudy(info(id, null, CREATED.plusSeconds(s)), WORKLOADS, VARIANTS, Map.of());
                for (int i = 0; i < 10; i++) {
                    store.addRun(id, "sort", "glibc", run(i, i, 1.0));
                }
                store.finish(id, "done", List.of());
            }
        }
        byte[] bytes = Files.readAllBytes(db);
        int pages = bytes.length / 4096;
        assertThat(pages).isGreaterThan(8);
        // one b-tree page in the middle, not one a new study's rows go to: its header made nonsense
        int page = pages / 2;
        for (int i = page * 4096; i < page * 4096 + 12; i++) {
            bytes[i] = (byte) 0x7f;
        }
        Files.write(db, bytes);
        assertThatThrownBy(() -> SqliteStore.open(db)).hasMessageContaining("is damaged");
        assertThat(Files.readAllBytes(db)).isEqualTo(bytes);
    }

    @Test
    void aRunThatCollidesIsASentenceNotSqlites() throws Exception {
        StudyResult study = new StudyResult(
                info("imported-1", "twice", CREATED),
                Map.of(),
                List.of(new WorkloadResult(
                        WORKLOADS.getFirst(),
                        List.of(new VariantResult(VARIANTS.get(0), List.of(run(0, 0, 1.0), run(0, 1, 1.5)))))),
                List.of(),
                List.of(),
                List.of());
        try (Store store = SqliteStore.open(dir.resolve("s.db"))) {
            assertThatThrownBy(() -> store.importStudy(study))
                    .hasMessageContaining("two runs with the same number")
                    .message()
                    .doesNotContain("constraint")
                    .doesNotContain("UNIQUE");
        }
    }
}
