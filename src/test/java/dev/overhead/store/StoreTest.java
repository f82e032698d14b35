package dev.overhead.store;

import static dev.overhead.store.StoreFixtures.CREATED;
import static dev.overhead.store.StoreFixtures.VARIANTS;
import static dev.overhead.store.StoreFixtures.WORKLOADS;
import static dev.overhead.store.StoreFixtures.info;
import static dev.overhead.store.StoreFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.store.Store.StudySummary;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What every store does, checked on an SQLite file and on PostgreSQL. */
class StoreTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(StoreKind.class)
    void aStudyComesBackAsItWasWritten(StoreKind kind) throws Exception {
        String db = kind == StoreKind.SQLITE
                ? dir.resolve("nested/dirs/overhead.db").toString()
                : kind.fresh(dir);
        try (Store store = Stores.open(db)) {
            store.createStudy(
                    info("20261202-103015-a3f9", "malloc", CREATED),
                    WORKLOADS,
                    VARIANTS,
                    Map.of("kernel", "6.1", "cpus", 2));
            store.addRun("20261202-103015-a3f9", "sort", "traced", run(0, 1, 0.5));
            store.addRun("20261202-103015-a3f9", "sort", "glibc", run(0, 0, 0.25));
            store.addRun("20261202-103015-a3f9", "sort", "glibc", run(1, 2, 0.75));
            store.addRun("20261202-103015-a3f9", "sort", "glibc", run(2, 3, 0.125));
            store.finish("20261202-103015-a3f9", "done", List.of("a warning"));
        }
        try (Store store = Stores.open(kind == StoreKind.SQLITE ? "sqlite:" + db : db)) {
            StudyResult loaded = store.load("20261202-103015-a3f9").orElseThrow();

            assertThat(loaded.info()).isEqualTo(info("20261202-103015-a3f9", "malloc", CREATED));
            assertThat(loaded.environment()).isEqualTo(Map.of("kernel", "6.1", "cpus", 2));
            assertThat(loaded.warnings()).containsExactly("a warning");
            assertThat(loaded.comparisons()).isEmpty();
            assertThat(loaded.workloads())
                    .containsExactly(
                            new WorkloadResult(
                                    WORKLOADS.get(0),
                                    List.of(
                                            new VariantResult(
                                                    VARIANTS.get(0),
                                                    List.of(run(0, 0, 0.25), run(1, 2, 0.75), run(2, 3, 0.125))),
                                            new VariantResult(VARIANTS.get(1), List.of(run(0, 1, 0.5))))),
                            new WorkloadResult(
                                    WORKLOADS.get(1),
                                    List.of(
                                            new VariantResult(VARIANTS.get(0), List.of()),
                                            new VariantResult(VARIANTS.get(1), List.of()))));
        }
    }

    @ParameterizedTest
    @EnumSource(StoreKind.class)
    void findsAStudyByIdLabelOrIdPrefix(StoreKind kind) throws Exception {
        try (Store store = Stores.open(kind.fresh(dir))) {
            store.createStudy(info("20261201-090000-0001", "nightly", CREATED), WORKLOADS, VARIANTS, Map.of());
            store.createStudy(
                    info("20261202-090000-0002", "nightly", CREATED.plusSeconds(86400)), WORKLOADS, VARIANTS, Map.of());
            store.createStudy(
                    info("20261202-100000-0003", null, CREATED.plusSeconds(90000)), WORKLOADS, VARIANTS, Map.of());

            assertThat(store.load("20261201-090000-0001").orElseThrow().info().label())
                    .isEqualTo("nightly");
            assertThat(store.load("nightly").orElseThrow().info().id()).isEqualTo("20261202-090000-0002");
            assertThat(store.load("20261202-10").orElseThrow().info().id()).isEqualTo("20261202-100000-0003");
            assertThat(store.load("no-such-study")).isEmpty();
            assertThat(store.load("202")).isEmpty();
            assertThatThrownBy(() -> store.load("20261202"))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("'20261202' is the start of 2 study ids (20261202-100000-0003, 20261202-090000-0002):"
                            + " give more of the id, or a label.");
        }
    }

    @ParameterizedTest
    @EnumSource(StoreKind.class)
    void listsStudiesNewestFirstWithTheirCounts(StoreKind kind) throws Exception {
        try (Store store = Stores.open(kind.fresh(dir))) {
            store.createStudy(info("20261201-090000-0001", "old", CREATED), WORKLOADS, VARIANTS, Map.of());
            store.createStudy(
                    info("20261202-090000-0002", null, CREATED.plusMillis(1)),
                    WORKLOADS.subList(0, 1),
                    VARIANTS,
                    Map.of());
            store.addRun("20261202-090000-0002", "sort", "glibc", run(0, 0, 1.0));
            store.finish("20261201-090000-0001", "interrupted", List.of());

            assertThat(store.list())
                    .containsExactly(
                            new StudySummary(
                                    "20261202-090000-0002",
                                    null,
                                    CREATED.plusMillis(1),
                                    "running",
                                    1,
                                    2,
                                    1,
                                    null,
                                    null,
                                    null,
                                    null),
                            new StudySummary(
                                    "20261201-090000-0001",
                                    "old",
                                    CREATED,
                                    "interrupted",
                                    2,
                                    2,
                                    0,
                                    null,
                                    null,
                                    null,
                                    null));
        }
    }

    @ParameterizedTest
    @EnumSource(StoreKind.class)
    void importsAWholeStudyOnce(StoreKind kind) throws Exception {
        StudyResult study = new StudyResult(
                info("imported-1", "from-hyperfine", CREATED),
                Map.of(),
                List.of(new WorkloadResult(
                        WORKLOADS.getFirst(),
                        List.of(
                                new VariantResult(VARIANTS.get(0), List.of(run(0, 0, 1.0), run(1, 2, 1.5))),
                                new VariantResult(VARIANTS.get(1), List.of(run(0, 1, 2.0)))))),
                List.of(),
                List.of("imported"),
                List.of());
        try (Store store = Stores.open(kind.fresh(dir))) {
            store.importStudy(study);
            assertThat(store.load("from-hyperfine")).contains(study);
            assertThat(store.studyDefinition("imported-1").orElseThrow().state())
                    .isEqualTo("done");
            assertThatThrownBy(() -> store.importStudy(study))
                    .hasMessageEndingWith("refused the study: a study with this id is already there.");
            assertThat(store.list()).hasSize(1);
        }
    }

    @ParameterizedTest
    @EnumSource(StoreKind.class)
    void refusesARunOfAWorkloadTheStudyDoesNotHave(StoreKind kind) throws Exception {
        String db = kind.fresh(dir);
        try (Store store = Stores.open(db)) {
            store.createStudy(info("s1", null, CREATED), WORKLOADS, VARIANTS, Map.of());
            assertThatThrownBy(() -> store.addRun("s1", "sorted", "glibc", run(0, 0, 1.0)))
                    .hasMessageEndingWith("cannot add a run to study s1 in " + Stores.describe(db)
                            + ": the study has no workload 'sorted' or no variant 'glibc'.");
            store.addRun("s1", "sort", "glibc", run(0, 0, 1.0));
            assertThatThrownBy(() -> store.addRun("s1", "sort", "glibc", run(0, 1, 1.0)))
                    .hasMessageContaining("run 0 of sort / glibc is already stored");
        }
    }

    @Test
    void keepsItsJournalInWalMode() throws Exception {
        Path db = dir.resolve("s.db");
        Stores.open(db.toString()).close();
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement().executeQuery("PRAGMA journal_mode")) {
            assertThat(rs.getString(1)).isEqualTo("wal");
        }
    }

    @Test
    void newIdsSortByTimeAndDiffer() {
        Instant t = Instant.parse("2026-12-02T10:30:15Z");
        String a = StudyIds.newId(t);
        assertThat(a).matches("20261202-103015-[0-9a-f]{4}");
        assertThat(StudyIds.newId(t.plusSeconds(1))).isGreaterThan(a);
    }
}
