package dev.overhead.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * The store's schema, versioned and migrated by Flyway: {@code V<n>__*.sql} under
 * {@code dev/overhead/store/migrations}, applied in order and recorded in Flyway's
 * {@code flyway_schema_history}. Append new steps, never edit old ones.
 *
 * <p>{@code PRAGMA user_version} mirrors the version, for two reasons: stores made before Flyway
 * kept their version only there (such a file is baselined at it, then migrated), and a store that
 * is already current is recognised with one pragma, so Flyway (a few hundred milliseconds of class
 * loading) runs only when there is something to migrate.
 */
final class Schema {
    private Schema() {}

    /** The highest migration this overhead has. */
    static final int CURRENT = 5;

    static final String LOCATION = "classpath:dev/overhead/store/migrations";

    static final String HISTORY = "flyway_schema_history";

    /**
     * Kept strongly reachable: java.util.logging forgets the level of a logger nobody holds. In a holder,
     * made on the first migration: getting a logger starts java.util.logging's LogManager, which a store
     * that is already current (every {@code report}) does not need (docs/performance.md, "Start-up").
     */
    private static final class FlywayLog {
        static final Logger LOGGER = Logger.getLogger("org.flywaydb");
    }

    static int current() {
        return CURRENT;
    }

    /** What the file says it is: its user_version, and the highest version Flyway applied (0: none). */
    record State(int userVersion, boolean hasHistory, int historyVersion) {
        int version() {
            return Math.max(userVersion, historyVersion);
        }
    }

    static State state(Connection c) throws SQLException {
        int user = version(c);
        boolean history;
        try (var st = c.prepareStatement("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?")) {
            st.setString(1, HISTORY);
            try (var rs = st.executeQuery()) {
                history = rs.next() && rs.getInt(1) > 0;
            }
        }
        int applied = 0;
        if (history) {
            try (Statement st = c.createStatement();
                    var rs = st.executeQuery("SELECT version FROM " + HISTORY + " WHERE success = 1")) {
                while (rs.next()) {
                    try {
                        applied = Math.max(applied, Integer.parseInt(rs.getString(1)));
                    } catch (NumberFormatException e) {
                        // a version we do not number this way: a newer overhead's, caught by the user_version
                    }
                }
            }
        }
        return new State(user, history, applied);
    }

    /**
     * Brings the file up to {@code target} with Flyway; a store made before Flyway (a user_version
     * but no history) is baselined at its user_version first, so its tables are kept as they are.
     * The caller holds the store's migration lock, so two processes never migrate at once.
     */
    static void migrate(Path file, SQLiteConfig config, State found, int target) throws StoreException {
        FlywayLog.LOGGER.setLevel(Level.OFF); // Flyway reports progress and version notes; overhead says what matters
        SQLiteDataSource source = new SQLiteDataSource(config);
        source.setUrl("jdbc:sqlite:" + file);
        boolean legacy = !found.hasHistory() && found.userVersion() > 0;
        try {
            var flyway = Flyway.configure(Schema.class.getClassLoader())
                    .dataSource(source)
                    .locations(LOCATION)
                    .target(Integer.toString(target))
                    .loggers("org.flywaydb.core.internal.logging.javautil.JavaUtilLogCreator") // muted above
                    .baselineOnMigrate(legacy)
                    .baselineVersion(Integer.toString(Math.max(1, found.userVersion())))
                    .baselineDescription("made by overhead before Flyway")
                    .load();
            flyway.migrate();
        } catch (FlywayException e) {
            throw new StoreException(
                    "the store " + file + " could not be brought to schema " + target + " ("
                            + e.getMessage().lines().findFirst().orElse("") + "): the step that failed was"
                            + " rolled back; 'overhead store check' says what the store holds.",
                    e);
        }
        try (Connection c = source.getConnection();
                Statement st = c.createStatement()) {
            st.executeUpdate("PRAGMA user_version = " + target);
        } catch (SQLException e) {
            throw Failures.of(file, "written", e);
        }
    }

    /**
     * Whether a file at version 0 holds tables of its own: besides SQLite's, and besides a Flyway history that
     * no migration has used yet — a store whose making was killed between Flyway making that table and the
     * first migration's commit holds it alone, and is an empty store, not someone else's database
     * (FaultInjectionIT; docs/reliability.md).
     */
    static boolean hasForeignTables(Connection c) throws SQLException {
        try (var st = c.createStatement();
                var rs = st.executeQuery("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
                        + " AND name NOT IN ('" + HISTORY + "', '" + HISTORY + "_s_idx')")) {
            return rs.next() && rs.getInt(1) > 0;
        }
    }

    static int version(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                var rs = st.executeQuery("PRAGMA user_version")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }
}
