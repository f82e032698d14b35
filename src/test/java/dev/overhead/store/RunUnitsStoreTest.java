package dev.overhead.store;

import static dev.overhead.store.StoreFixtures.CREATED;
import static dev.overhead.store.StoreFixtures.VARIANTS;
import static dev.overhead.store.StoreFixtures.WORKLOADS;
import static dev.overhead.store.StoreFixtures.info;
import static dev.overhead.store.StoreFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.interop.Formats;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.report.CsvRenderer;
import dev.overhead.report.JsonRenderer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's build and boot (levels: {build: N, boot: N}) survive the store, the JSON and the CSV. */
class RunUnitsStoreTest {
    @TempDir
    Path dir;

    private static List<Run> runsOf(StudyResult s, String variant) {
        return s.workloads().getFirst().variant(variant).orElseThrow().runs();
    }

    @Test
    void buildAndBootComeBackFromTheStoreAndTheJson() throws Exception {
        Path db = dir.resolve("units.db");
        StudyResult loaded;
        try (Store store = Stores.open(db.toString())) {
            store.createStudy(info("s1", "units", CREATED), WORKLOADS, VARIANTS, Map.of());
            store.addRun("s1", "sort", "glibc", run(0, 0, 1.0).inUnit(2, 5));
            store.addRun("s1", "sort", "glibc", run(1, 1, 1.0)); // a study without levels: null, not 0
            store.addRun("s1", "sort", "traced", run(0, 2, 1.0).inUnit(3, null));
            store.finish("s1", "done", List.of());
            loaded = store.load("s1").orElseThrow();
        }
        List<Run> glibc = runsOf(loaded, "glibc");
        assertThat(glibc.get(0).build()).isEqualTo(2);
        assertThat(glibc.get(0).boot()).isEqualTo(5);
        assertThat(glibc.get(1).build()).isNull();
        assertThat(glibc.get(1).boot()).isNull();
        assertThat(runsOf(loaded, "traced").getFirst().build()).isEqualTo(3);
        assertThat(runsOf(loaded, "traced").getFirst().boot()).isNull();

        String json = JsonRenderer.render(loaded, "test");
        assertThat(json).contains("\"build\" : 2").contains("\"boot\" : 5");
        Path file = Files.writeString(dir.resolve("units.json"), json);
        StudyResult back = Formats.read(file);
        assertThat(runsOf(back, "glibc").get(0).build()).isEqualTo(2);
        assertThat(runsOf(back, "glibc").get(0).boot()).isEqualTo(5);
        assertThat(runsOf(back, "glibc").get(1).build()).isNull();

        List<String> csv = CsvRenderer.renderRuns(loaded).lines().toList();
        assertThat(csv.getFirst()).contains(",round,build,boot,started,");
        assertThat(csv.get(1)).contains(",2,5,"); // glibc run 0: round 0, build 2, boot 5
    }

    @Test
    void aStudyWithoutLevelsKeepsItsCsvColumnsAndJsonFields() throws Exception {
        Path db = dir.resolve("plain.db");
        try (Store store = Stores.open(db.toString())) {
            store.createStudy(info("s1", "plain", CREATED), WORKLOADS, VARIANTS, Map.of());
            store.addRun("s1", "sort", "glibc", run(0, 0, 1.0));
            StudyResult s = store.load("s1").orElseThrow();
            assertThat(CsvRenderer.renderRuns(s).lines().findFirst().orElseThrow())
                    .contains(",round,started,");
            assertThat(JsonRenderer.render(s, "test"))
                    .doesNotContain("\"build\"")
                    .doesNotContain("\"boot\"");
        }
    }

    @Test
    void aVersion2StoreGainsTheColumnsAndKeepsItsRuns() throws Exception {
        Path db = dir.resolve("old.db");
        try (Store old = SqliteStore.open(db, 2)) {
            old.createStudy(info("s1", "old", CREATED), WORKLOADS, VARIANTS, Map.of());
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) { // a run as overhead 2 wrote it
            c.createStatement()
                    .executeUpdate("INSERT INTO runs (study, workload, variant, idx, sequence, round, started,"
                            + " exit_code, signal, timed_out, wall_s, user_s, sys_s, max_rss_kib, max_rss_exact,"
                            + " minor_faults, major_faults, voluntary_cs, involuntary_cs, fs_in_blocks,"
                            + " fs_out_blocks, metrics) VALUES ('s1','sort','glibc',0,0,0,NULL,0,NULL,0,1.5,0,0,"
                            + "0,1,0,0,0,0,0,0,'{}')");
        }
        try (Store store = Stores.open(db.toString())) {
            Run r = runsOf(store.load("s1").orElseThrow(), "glibc").getFirst();
            assertThat(r.wallS()).isEqualTo(1.5);
            assertThat(r.build()).isNull();
            assertThat(r.boot()).isNull();
        }
    }
}
