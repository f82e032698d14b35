package dev.overhead.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * The team store's schema: the SQLite store's versions (same numbers, same tables) in PostgreSQL's
 * types, {@code V<n>__*.sql} under {@code dev/overhead/store/postgresql}, migrated by Flyway. Flyway
 * holds a PostgreSQL advisory lock while it migrates, so several machines opening a new store at
 * once wait for one another instead of creating the tables twice.
 */
final class PgSchema {
    private PgSchema() {}

    static final String LOCATION = "classpath:dev/overhead/store/postgresql";

    /** The SQLite store's versions, then 4: the fleet's queue (db-scheduler's table), which a file store has no use for. */
    static final int CURRENT = 5;

    /** Kept strongly reachable: java.util.logging forgets the level of a logger nobody holds. */
    private static final Logger FLYWAY_LOG = Logger.getLogger("org.flywaydb");

    /** The highest version applied in the connection's schema; 0 where there is no store yet. */
    static int version(Connection c) throws SQLException {
        return applied(c).stream()
                .mapToInt(line -> {
                    try {
                        return Integer.parseInt(line.substring(0, line.indexOf(' ')));
                    } catch (NumberFormatException e) {
                        return 0; // not a version we number this way
                    }
                })
                .max()
                .orElse(0);
    }

    /** Flyway's record of the migrations applied, one line each ("2 SQL indexes"). */
    static List<String> applied(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        boolean has;
        try (var st = c.createStatement();
                var rs = st.executeQuery("SELECT to_regclass('" + Schema.HISTORY + "') IS NOT NULL")) {
            has = rs.next() && rs.getBoolean(1);
        }
        if (has) {
            try (var st = c.createStatement();
                    var rs = st.executeQuery("SELECT coalesce(version, '') || ' ' || type || ' ' || description FROM "
                            + Schema.HISTORY + " WHERE success ORDER BY installed_rank")) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    static boolean hasStudies(Connection c) throws SQLException {
        try (var st = c.createStatement();
                var rs = st.executeQuery("SELECT to_regclass('studies') IS NOT NULL")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    static void migrate(StoreUrl url) throws StoreException {
        FLYWAY_LOG.setLevel(Level.OFF); // Flyway reports progress and version notes; overhead says what matters
        var props = url.properties();
        try {
            Flyway.configure(PgSchema.class.getClassLoader())
                    .dataSource(url.jdbcUrl(), props.getProperty("user"), props.getProperty("password"))
                    .locations(LOCATION)
                    .target(Integer.toString(CURRENT))
                    .loggers("org.flywaydb.core.internal.logging.javautil.JavaUtilLogCreator") // muted above
                    .load()
                    .migrate();
        } catch (FlywayException e) {
            throw new StoreException(
                    "the store " + url.masked() + " could not be brought to schema " + CURRENT + " ("
                            + e.getMessage().lines().findFirst().orElse("") + "): the step that failed was"
                            + " rolled back; check that the user may create tables in that database.",
                    e);
        }
    }
}
