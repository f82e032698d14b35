package dev.overhead.store;

import static dev.overhead.store.StoreFixtures.CREATED;
import static dev.overhead.store.StoreFixtures.VARIANTS;
import static dev.overhead.store.StoreFixtures.WORKLOADS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.LookSchedule;
import dev.overhead.model.RunOrder;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudySettings;
import dev.overhead.stats.CompareOptions;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A study's settings in the store: kept whole, and read back from what earlier versions wrote. */
class StoredSettingsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(StoreKind.class)
    void theSettingsComeBackAsTheyWereStored(StoreKind kind) throws Exception {
        StudySettings settings = StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Adaptive(4, 40))
                .warmup(1)
                .timeBudget(Duration.ofMinutes(20))
                .order(RunOrder.INTERLEAVED)
                .prepare("sync")
                .timeout(Duration.ofSeconds(5))
                .ignoreFailure(true)
                .primary("cpu")
                .baseline("glibc")
                .compare(new CompareOptions(0.9, 0.5))
                .seed(77L)
                .cpus(List.of(1))
                .nice(3)
                .noAslr(true)
                .counters(true)
                .build();
        try (Store store = Stores.open(kind.fresh(dir))) {
            store.createStudy(new StudyInfo("s1", "kept", CREATED, settings), WORKLOADS, VARIANTS, Map.of());
            assertThat(store.load("s1").orElseThrow().info().settings()).isEqualTo(settings);
            assertThat(store.studyDefinition("s1").orElseThrow().info().settings())
                    .isEqualTo(settings);
        }
    }

    /** The options column as the previous version wrote it (number), and as older fixtures did (text). */
    @ParameterizedTest
    @ValueSource(strings = {"1.0", "\"1%\"", "\"1.0%\""})
    void aStudyStoredWithEitherThresholdEncodingStillOpens(String threshold) throws Exception {
        Path db = dir.resolve("old.db");
        try (Store store = SqliteStore.open(db)) {
            store.createStudy(
                    new StudyInfo("s1", "old", CREATED, StudySettings.DEFAULTS.withSeed(1)),
                    WORKLOADS,
                    VARIANTS,
                    Map.of());
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var st = c.prepareStatement("UPDATE studies SET options = ? WHERE id = 's1'")) {
            st.setString(
                    1,
                    "{\"min_runs\":5,\"max_runs\":50,\"warmup\":0,\"order\":\"randomized\",\"seed\":9,"
                            + "\"primary\":\"wall\",\"threshold\":" + threshold + ",\"confidence\":0.95,"
                            + "\"ignore_failure\":false,\"no_aslr\":false,\"drop_caches\":false,\"shell\":false}");
            st.executeUpdate();
        }
        try (Store store = SqliteStore.open(db)) {
            StudySettings read = store.load("old").orElseThrow().info().settings();
            // written before the looks were spaced: it looked after every round
            assertThat(read)
                    .isEqualTo(StudySettings.DEFAULTS.toBuilder()
                            .stopping(new Stopping.Adaptive(5, 50, LookSchedule.EVERY_ROUND, null))
                            .seed(9L)
                            .build());
            assertThat(read.compare().thresholdPct()).isEqualTo(1.0);
        }
    }
}
