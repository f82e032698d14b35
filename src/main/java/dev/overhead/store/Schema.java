package dev.overhead.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The store's schema as an ordered list of migrations; {@code PRAGMA user_version} says how many a
 * file has had. Append new steps, never edit old ones: files made by earlier versions of overhead
 * are brought up to date when opened.
 */
final class Schema {
    private Schema() {}

    static final List<String> MIGRATIONS = List.of(
            // 1: studies, their definitions and one row per measured run.
            """
            CREATE TABLE studies (
                id TEXT PRIMARY KEY, label TEXT, created TEXT NOT NULL, state TEXT NOT NULL,
                options TEXT NOT NULL, environment TEXT NOT NULL, warnings TEXT NOT NULL);
            CREATE TABLE workloads (
                study TEXT NOT NULL REFERENCES studies(id) ON DELETE CASCADE, ordinal INTEGER NOT NULL,
                name TEXT NOT NULL, command TEXT NOT NULL, shell INTEGER NOT NULL, parameters TEXT NOT NULL,
                prepare TEXT NOT NULL, metrics TEXT NOT NULL,
                PRIMARY KEY (study, ordinal), UNIQUE (study, name));
            CREATE TABLE variants (
                study TEXT NOT NULL REFERENCES studies(id) ON DELETE CASCADE, ordinal INTEGER NOT NULL,
                name TEXT NOT NULL, env TEXT NOT NULL, prefix TEXT NOT NULL, setup TEXT NOT NULL,
                cleanup TEXT NOT NULL,
                PRIMARY KEY (study, ordinal), UNIQUE (study, name));
            CREATE TABLE runs (
                study TEXT NOT NULL, workload TEXT NOT NULL, variant TEXT NOT NULL, idx INTEGER NOT NULL,
                sequence INTEGER NOT NULL, round INTEGER NOT NULL, started TEXT, exit_code INTEGER NOT NULL,
                signal INTEGER, timed_out INTEGER NOT NULL, wall_s REAL NOT NULL, user_s REAL NOT NULL,
                sys_s REAL NOT NULL, max_rss_kib INTEGER NOT NULL, max_rss_exact INTEGER NOT NULL,
                minor_faults INTEGER NOT NULL, major_faults INTEGER NOT NULL, voluntary_cs INTEGER NOT NULL,
                involuntary_cs INTEGER NOT NULL, fs_in_blocks INTEGER NOT NULL, fs_out_blocks INTEGER NOT NULL,
                metrics TEXT NOT NULL,
                PRIMARY KEY (study, workload, variant, idx),
                FOREIGN KEY (study, workload) REFERENCES workloads(study, name) ON DELETE CASCADE,
                FOREIGN KEY (study, variant) REFERENCES variants(study, name) ON DELETE CASCADE);
            """,
            // 2: finding a study by label (newest first) and a study's runs in the order they ran.
            """
            CREATE INDEX studies_by_label ON studies(label, created);
            CREATE INDEX runs_by_sequence ON runs(study, sequence);
            """);

    static int current() {
        return MIGRATIONS.size();
    }

    /**
     * Brings the file up to {@code migrations.size()} in one immediate transaction (so two
     * processes opening a new file at once do not both migrate it).
     *
     * @return the version the file had before
     */
    static int migrate(Connection c, List<String> migrations) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            int version = version(c);
            if (version >= migrations.size()) { // nothing to do, and nothing written (a damaged file stays as it is)
                c.rollback();
                return version;
            }
            for (int v = version; v < migrations.size(); v++) {
                for (String sql : migrations.get(v).split(";")) {
                    if (!sql.isBlank()) {
                        st.executeUpdate(sql);
                    }
                }
            }
            st.executeUpdate("PRAGMA user_version = " + migrations.size());
            c.commit();
            return version;
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    static int version(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                var rs = st.executeQuery("PRAGMA user_version")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }
}
