package dev.overhead.store;

import static dev.overhead.store.StoreFixtures.CREATED;
import static dev.overhead.store.StoreFixtures.VARIANTS;
import static dev.overhead.store.StoreFixtures.WORKLOADS;
import static dev.overhead.store.StoreFixtures.info;
import static dev.overhead.store.StoreFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a store: where it is, what it may be, and which files are refused in one sentence. */
class StoreOpeningTest {
    @TempDir
    Path dir;

    @Test
    void aFileFromAnOlderVersionIsMigratedAndKeepsItsStudies() throws Exception {
        Path db = dir.resolve("old.db");
        try (Store old = SqliteStore.open(db, 1)) {
            old.createStudy(info("s1", "kept", CREATED), WORKLOADS, VARIANTS, Map.of());
            old.addRun("s1", "sort", "glibc", run(0, 0, 1.0));
        }
        assertThat(userVersion(db)).isEqualTo(1);

        try (Store store = Stores.open(db.toString())) {
            assertThat(store.load("kept")
                            .orElseThrow()
                            .workloads()
                            .getFirst()
                            .variants()
                            .getFirst()
                            .runs())
                    .containsExactly(run(0, 0, 1.0));
        }
        assertThat(userVersion(db)).isEqualTo(Schema.current()).isEqualTo(5);
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement()
                        .executeQuery(
                                "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'studies_by_label'")) {
            assertThat(rs.getInt(1)).isEqualTo(1);
        }
    }

    @Test
    void refusesAFileFromANewerVersion() throws Exception {
        Path db = dir.resolve("new.db");
        Stores.open(db.toString()).close();
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.createStatement().executeUpdate("PRAGMA user_version = 99");
        }
        assertThatThrownBy(() -> Stores.open(db.toString()))
                .hasMessage("the store " + db + " was written by a newer overhead (schema 99; this one knows 5):"
                        + " upgrade overhead, or give another --store.");
    }

    @Test
    void aStoreMadeBeforeFlywayIsBaselinedAndKeepsItsStudies() throws Exception {
        // as overhead made stores before Flyway: the same tables, the version in user_version only
        Path db = dir.resolve("legacy.db");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            for (String file : new String[] {"V1__studies.sql", "V2__indexes.sql"}) {
                String sql = new String(
                        Schema.class.getResourceAsStream("migrations/" + file).readAllBytes(),
                        java.nio.charset.StandardCharsets.UTF_8);
                for (String statement : sql.replaceAll("--[^\\n]*", "").split(";")) {
                    if (!statement.isBlank()) {
                        c.createStatement().executeUpdate(statement);
                    }
                }
            }
            c.createStatement().executeUpdate("PRAGMA user_version = 2");
        }
        try (Store legacy = SqliteStore.open(db, 2)) {
            legacy.createStudy(info("s1", "kept", CREATED), WORKLOADS, VARIANTS, Map.of());
            legacy.addRun("s1", "sort", "glibc", run(0, 0, 1.0));
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement()
                        .executeQuery("SELECT version, type FROM flyway_schema_history WHERE success = 1"
                                + " ORDER BY installed_rank")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("2");
            assertThat(rs.getString(2)).isEqualTo("BASELINE");
            assertThat(rs.next()).isFalse();
        }
        try (Store store = Stores.open(db.toString())) {
            assertThat(store.load("kept")).isPresent();
        }
    }

    @Test
    void aNewStoreIsMigratedByFlywayStepByStep() throws Exception {
        Path db = dir.resolve("fresh.db");
        Stores.open(db.toString()).close();
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement()
                        .executeQuery("SELECT group_concat(version, ',') FROM (SELECT version FROM"
                                + " flyway_schema_history WHERE success = 1 ORDER BY installed_rank)")) {
            assertThat(rs.getString(1)).isEqualTo("1,2,3,5"); // 4 is the team store's queue only
        }
        assertThat(userVersion(db)).isEqualTo(5);
    }

    /** Issue 31 case 1: schema 5 copies a fleet study's submission and machine out of its old label and environment. */
    @Test
    void aVersion3StoreGainsTheTeamColumnsFromItsFleetLabels() throws Exception {
        Path db = dir.resolve("fleet.db");
        try (Store old = SqliteStore.open(db, 3)) {
            old.createStudy(info("s1", "20261201-120000-abcd@alpha", CREATED), WORKLOADS, VARIANTS, Map.of());
            old.createStudy(info("s2", "by-hand", CREATED.plusSeconds(1)), WORKLOADS, VARIANTS, Map.of());
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) { // as an agent of schema 3 wrote it
            c.createStatement()
                    .executeUpdate("UPDATE studies SET environment = '{\"machine\":\"alpha\"}' WHERE id = 's1'");
        }
        try (Store store = Stores.open(db.toString())) {
            var byId = new java.util.HashMap<String, Store.StudySummary>();
            store.list().forEach(s -> byId.put(s.id(), s));
            assertThat(byId.get("s1").submission()).isEqualTo("20261201-120000-abcd");
            assertThat(byId.get("s1").machine()).isEqualTo("alpha");
            assertThat(byId.get("s2").submission()).isNull();
            assertThat(byId.get("s2").machine()).isNull();
        }
        assertThat(userVersion(db)).isEqualTo(5);
    }

    @Test
    void refusesAStoreWhoseFlywayHistoryIsNewer() throws Exception {
        Path db = dir.resolve("newer.db");
        Stores.open(db.toString()).close();
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.createStatement()
                    .executeUpdate("INSERT INTO flyway_schema_history (installed_rank, version, description, type,"
                            + " script, checksum, installed_by, execution_time, success) VALUES (9, '9', 'later',"
                            + " 'SQL', 'V9__later.sql', 0, 'x', 0, 1)");
        }
        assertThatThrownBy(() -> Stores.open(db.toString()))
                .hasMessageContaining("was written by a newer overhead (schema 9; this one knows 5)");
        assertThatThrownBy(() -> Stores.openForReading(db.toString()))
                .hasMessageContaining("was written by a newer overhead (schema 9; this one knows 5)");
    }

    @Test
    void refusesAFileThatIsNotADatabase() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "these are my notes, not a database\n".repeat(200));
        assertThatThrownBy(() -> Stores.open(notes.toString()))
                .isInstanceOf(StoreException.class)
                .hasMessage(notes + " is not an overhead store (not an SQLite database): give --store"
                        + " another file, or move this one away.");
        assertThat(Files.readString(notes)).startsWith("these are my notes").as("left as it was");
    }

    @Test
    void refusesSomeoneElsesDatabase() throws Exception {
        Path db = dir.resolve("app.db");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.createStatement().executeUpdate("CREATE TABLE customers (id INTEGER)");
        }
        assertThatThrownBy(() -> Stores.open(db.toString()))
                .hasMessage(db + " is an SQLite database but not an overhead store: give --store another file.");
    }

    /**
     * A store whose making was killed after Flyway had made its history table and before the first
     * migration committed holds that table alone (FaultInjectionIT's KILL 665 ms after the launch): it is an
     * empty store, made on the next open, not someone else's database.
     */
    @Test
    void aStoreWhoseMakingWasKilledBeforeItsFirstMigrationIsMadeOnTheNextOpen() throws Exception {
        Path db = dir.resolve("overhead.db");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            // what Flyway's SQLite history table is made with (flyway-database-sqlite's createMetaDataTable.sql)
            c.createStatement()
                    .executeUpdate("CREATE TABLE \"flyway_schema_history\" (\"installed_rank\" INT NOT NULL PRIMARY"
                            + " KEY, \"version\" VARCHAR(50), \"description\" VARCHAR(200) NOT NULL, \"type\""
                            + " VARCHAR(20) NOT NULL, \"script\" VARCHAR(1000) NOT NULL, \"checksum\" INT,"
                            + " \"installed_by\" VARCHAR(100) NOT NULL, \"installed_on\" TEXT NOT NULL DEFAULT"
                            + " (strftime('%Y-%m-%d %H:%M:%f','now')), \"execution_time\" INT NOT NULL,"
                            + " \"success\" BOOLEAN NOT NULL)");
            c.createStatement()
                    .executeUpdate("CREATE INDEX \"flyway_schema_history_s_idx\" ON \"flyway_schema_history\""
                            + " (\"success\")");
        }
        assertThat(Stores.openForReading(db.toString()).list()).isEmpty();
        try (Store store = Stores.open(db.toString())) {
            assertThat(store.list()).isEmpty();
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            assertThat(Schema.state(c).version()).isEqualTo(Schema.current());
        }
    }

    @Test
    void refusesAPlaceWhereNoDirectoryCanBeMade() throws Exception {
        // A regular file where a directory should be: refused even for root, unlike a chmod.
        Path file = Files.writeString(dir.resolve("plain-file"), "x");
        Path db = file.resolve("overhead/overhead.db");
        assertThatThrownBy(() -> Stores.open(db.toString()))
                .hasMessageStartingWith("cannot create the directory " + file.resolve("overhead") + " for the store (")
                .hasMessageEndingWith("): give --store a file in a writable place.");
    }

    @Test
    void refusesADirectory() {
        assertThatThrownBy(() -> Stores.open(dir.toString()))
                .hasMessage("the store " + dir + " is a directory: give --store a file, such as "
                        + dir.resolve("overhead.db") + ".");
    }

    @Test
    void acceptsPathsAndSqliteOrFileUrls() throws Exception {
        assertThat(Stores.resolve("/tmp/a.db")).isEqualTo(Path.of("/tmp/a.db"));
        assertThat(Stores.resolve("rel/a.db")).isEqualTo(Path.of("rel/a.db"));
        assertThat(Stores.resolve("sqlite:/tmp/a.db")).isEqualTo(Path.of("/tmp/a.db"));
        assertThat(Stores.resolve("sqlite:///tmp/a.db")).isEqualTo(Path.of("/tmp/a.db"));
        assertThat(Stores.resolve("jdbc:sqlite:/tmp/a.db")).isEqualTo(Path.of("/tmp/a.db"));
        assertThat(Stores.resolve("file:///tmp/a%20b.db")).isEqualTo(Path.of("/tmp/a b.db"));
        assertThat(Stores.resolve("file:rel.db")).isEqualTo(Path.of("rel.db"));
        assertThat(Stores.resolve(null)).isEqualTo(StorePaths.defaultStore());
    }

    @Test
    void refusesOtherKindsOfUrl() {
        assertThatThrownBy(() -> Stores.resolve("mysql://me:secret@db.example/overhead"))
                .hasMessage(
                        "--store 'mysql://me:********@db.example/overhead' is not a store overhead can use: give a"
                                + " file path, a sqlite:PATH or file: URL, or postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE.");
        assertThatThrownBy(() -> Stores.resolve("postgres://db.example/overhead"))
                .hasMessage("--store postgres://db.example/overhead names a server, not a file: this needs a file.");
        assertThatThrownBy(() -> Stores.resolve("sqlite:")).hasMessageContaining("is not a store overhead can use");
    }

    @Test
    void theDefaultFollowsXdgDataHome() {
        assertThat(StorePaths.defaultStore(Map.of("XDG_DATA_HOME", "/data"), "/home/u"))
                .isEqualTo(Path.of("/data/overhead/overhead.db"));
        assertThat(StorePaths.defaultStore(Map.of(), "/home/u"))
                .isEqualTo(Path.of("/home/u/.local/share/overhead/overhead.db"));
        assertThat(StorePaths.defaultStore(Map.of("XDG_DATA_HOME", "relative"), "/home/u"))
                .isEqualTo(Path.of("/home/u/.local/share/overhead/overhead.db"));
    }

    private static int userVersion(Path db) throws Exception {
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement().executeQuery("PRAGMA user_version")) {
            return rs.getInt(1);
        }
    }
}
