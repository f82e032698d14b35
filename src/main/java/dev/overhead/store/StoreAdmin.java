package dev.overhead.store;

import dev.overhead.store.Store.StudySummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.sqlite.SQLiteConfig;

/** Managing the store as a whole (README, Install): delete, prune, check, export and import every study. */
public final class StoreAdmin {
    private StoreAdmin() {}

    /** Studies created before {@code cutoff}, oldest last; labelled ones left out when asked. */
    public static List<StudySummary> olderThan(Store store, Instant cutoff, boolean keepLabelled)
            throws StoreException {
        return store.list().stream()
                .filter(s -> s.created() != null && s.created().isBefore(cutoff))
                .filter(s -> !keepLabelled || s.label() == null || s.label().isBlank())
                .toList();
    }

    /**
     * Deletes the studies with their runs, in one transaction. A study that another process is
     * measuring is refused, and then nothing is deleted.
     */
    public static void delete(Store any, List<String> ids) throws StoreException {
        if (any instanceof PostgresStore pg) {
            pg.delete(ids);
            return;
        }
        if (!(any instanceof SqliteStore store)) {
            throw new StoreException("this store cannot delete studies.", null);
        }
        List<Store.Held> held = new ArrayList<>();
        try {
            for (String id : ids) {
                held.add(store.lock(id));
            }
            Connection c = store.connection();
            try {
                c.setAutoCommit(false);
                try (PreparedStatement st = c.prepareStatement("DELETE FROM studies WHERE id = ?")) {
                    for (String id : ids) {
                        st.setString(1, id); // workloads, variants and runs go with it (ON DELETE CASCADE)
                        st.executeUpdate();
                    }
                    c.commit();
                } catch (SQLException e) {
                    c.rollback();
                    throw e;
                } finally {
                    c.setAutoCommit(true);
                }
            } catch (SQLException e) {
                throw Failures.of(store.file(), "written", e);
            }
        } finally {
            held.forEach(Store.Held::close);
        }
    }

    /** What {@code overhead store check} found. */
    public record Check(
            String store,
            int schema,
            int known,
            List<String> migrations,
            int studies,
            int runs,
            List<String> problems) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    /** Reads the whole file (SQLite's integrity_check) through a read-only connection; writes nothing. */
    public static Check check(Path file) throws StoreException {
        Path abs = file.toAbsolutePath().normalize();
        StoreFile.Inspection found;
        try {
            found = StoreFile.inspect(abs);
        } catch (StoreException e) {
            if (e.getCause() instanceof SQLException sql && (sql.getErrorCode() & 0xff) == 11) {
                return new Check(abs.toString(), 0, Schema.CURRENT, List.of(), 0, 0, List.of(sql.getMessage()));
            }
            throw e;
        }
        if (found.kind() == StoreFile.Kind.ABSENT) {
            throw new StoreException("there is no store at " + abs + " yet: nothing to check.", null);
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(SqliteStore.BUSY_TIMEOUT_MS);
        try (Connection c = StoreFile.readOnly(config, abs);
                Statement st = c.createStatement()) {
            List<String> problems = new ArrayList<>();
            try (var rs = st.executeQuery("PRAGMA integrity_check(20)")) {
                while (rs.next()) {
                    if (!"ok".equals(rs.getString(1))) {
                        problems.add(rs.getString(1));
                    }
                }
            }
            Schema.State state = Schema.state(c);
            List<String> migrations = new ArrayList<>();
            if (state.hasHistory()) {
                try (var rs = st.executeQuery("SELECT coalesce(version, '') || ' ' || type || ' ' || description"
                        + " FROM " + Schema.HISTORY + " WHERE success = 1 ORDER BY installed_rank")) {
                    while (rs.next()) {
                        migrations.add(rs.getString(1));
                    }
                }
            }
            int studies = 0;
            int runs = 0;
            if (found.kind() == StoreFile.Kind.STORE && problems.isEmpty()) {
                studies = count(st, "SELECT count(*) FROM studies");
                runs = count(st, "SELECT count(*) FROM runs");
            }
            return new Check(abs.toString(), state.version(), Schema.CURRENT, migrations, studies, runs, problems);
        } catch (SQLException e) {
            if ((e.getErrorCode() & 0xff) == 11) { // SQLITE_CORRUPT before integrity_check could list it
                return new Check(abs.toString(), 0, Schema.CURRENT, List.of(), 0, 0, List.of(e.getMessage()));
            }
            throw Failures.of(abs, "read", e);
        }
    }

    /** The team store's schema, migrations and counts; PostgreSQL keeps its own pages whole. */
    public static Check check(StoreUrl url) throws StoreException {
        try (Store opened = PostgresStore.openForReading(url)) {
            if (!(opened instanceof PostgresStore pg)) {
                throw new StoreException("there is no store at " + url.masked() + " yet: nothing to check.", null);
            }
            return pg.query("read", c -> {
                List<String> migrations = PgSchema.applied(c);
                try (Statement st = c.createStatement()) {
                    return new Check(
                            url.masked(),
                            PgSchema.version(c),
                            PgSchema.CURRENT,
                            migrations,
                            count(st, "SELECT count(*) FROM studies"),
                            count(st, "SELECT count(*) FROM runs"),
                            List.of());
                }
            });
        }
    }

    private static int count(Statement st, String sql) throws SQLException {
        try (var rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    /**
     * A consistent copy of the whole store (SQLite's VACUUM INTO, read-only on the store), written
     * beside {@code target} and renamed over it.
     */
    public static void exportAll(Path store, Path target) throws StoreException {
        Path abs = store.toAbsolutePath().normalize();
        if (StoreFile.inspect(abs).kind() != StoreFile.Kind.STORE) {
            throw new StoreException("there is no store at " + abs + " yet: nothing to export.", null);
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(SqliteStore.BUSY_TIMEOUT_MS);
        writeBeside(target, temp -> {
            try (Connection c = StoreFile.readOnly(config, abs);
                    PreparedStatement st = c.prepareStatement("VACUUM INTO ?")) {
                st.setString(1, temp.toString());
                st.execute();
            } catch (SQLException e) {
                throw Failures.of(abs, "read", e);
            }
        });
    }

    /**
     * The team store copied into a new SQLite file (which {@code overhead import} reads back, into
     * either kind of store), written beside {@code target} and renamed over it.
     */
    public static void exportAll(Store from, Path target) throws StoreException {
        writeBeside(target, temp -> {
            try (SqliteStore copy = SqliteStore.open(temp)) {
                for (StudySummary s : from.list()) {
                    StudyDefinition d = from.studyDefinition(s.id()).orElseThrow();
                    copy.importStudy(from.load(s.id()).orElseThrow());
                    copy.finish(s.id(), d.state(), d.warnings()); // a study being measured stays resumable
                }
            }
            for (String leftover : new String[] {"-wal", "-shm", ".lock"}) {
                Files.deleteIfExists(temp.resolveSibling(temp.getFileName() + leftover));
            }
        });
    }

    /** Writes a new SQLite file at a temporary path. */
    private interface Copy {
        void into(Path temp) throws StoreException, IOException;
    }

    /** A copy written beside {@code target} and renamed over it, so a failure never leaves half a file there. */
    private static void writeBeside(Path target, Copy copy) throws StoreException {
        Path to = target.toAbsolutePath().normalize();
        if (Files.exists(to) && !Files.isRegularFile(to)) {
            // renamed over, /dev/full became a regular file (as root) and the export "succeeded"
            // (docs/reliability.md, issue 33 case 13)
            throw new StoreException(
                    "cannot write " + to + ": it is not a regular file (a device, a pipe or a directory), and"
                            + " export-all writes a store file: give a file's path.",
                    null);
        }
        Path temp = to.resolveSibling(
                "." + to.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.deleteIfExists(temp);
            copy.into(temp);
            Files.move(temp, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new StoreException(
                    "cannot write " + to + " (" + e.getClass().getSimpleName() + ": " + e.getMessage()
                            + "): choose another place, or free some space.",
                    e);
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // only a leftover temporary file
            }
        }
    }

    /**
     * The whole store that {@code --store VALUE} names, as {@link #exportAll(Path, Path)} or
     * {@link #exportAll(Store, Path)} copies it: the one path of {@code overhead export-all}.
     *
     * @return the store as the message names it
     */
    public static String exportAll(String storeValue, Path target) throws StoreException {
        if (Stores.isServer(storeValue)) {
            try (Store team = Stores.openForReading(storeValue)) {
                exportAll(team, target);
            }
            return Stores.describe(storeValue);
        }
        Path file = Stores.resolve(storeValue);
        exportAll(file, target);
        return file.toAbsolutePath().toString();
    }

    /** {@code overhead store check} of the store {@code --store VALUE} names, a file or a server. */
    public static Check check(String storeValue) throws StoreException {
        return Stores.isServer(storeValue) ? check(Stores.url(storeValue)) : check(Stores.resolve(storeValue));
    }

    /** How an import of a whole store went. */
    public record Imported(List<String> added, List<String> alreadyThere) {}

    /**
     * Every study of another store file (as {@code export-all} writes it) added to this one in one
     * transaction; studies whose id is already here are left as they are.
     */
    public static Imported importAll(Store any, Path source) throws StoreException {
        if (!(any instanceof SqliteStore into)) {
            return importStudies(any, source);
        }
        Path abs = source.toAbsolutePath().normalize();
        StoreFile.Inspection found = StoreFile.inspect(abs);
        if (found.kind() != StoreFile.Kind.STORE) {
            throw new StoreException(abs + " holds no overhead studies: nothing to import.", null);
        }
        if (found.version() > Schema.CURRENT) {
            throw new StoreException(
                    abs + " was written by a newer overhead (schema " + found.version() + "; this one knows "
                            + Schema.CURRENT + "): import it with that overhead.",
                    null);
        }
        Connection c = into.connection();
        try (Statement st = c.createStatement()) {
            try (PreparedStatement attach = c.prepareStatement("ATTACH DATABASE ? AS src")) {
                attach.setString(1, abs.toString());
                attach.execute();
            }
            try {
                List<String> already = ids(st, "SELECT id FROM src.studies WHERE id IN (SELECT id FROM main.studies)");
                c.setAutoCommit(false);
                try {
                    st.executeUpdate("CREATE TEMP TABLE incoming AS SELECT id FROM src.studies"
                            + " WHERE id NOT IN (SELECT id FROM main.studies)");
                    // the tables of schema 1 and 2 have the same columns in the same order
                    st.executeUpdate("INSERT INTO main.studies SELECT * FROM src.studies WHERE id IN incoming");
                    for (String table : new String[] {"workloads", "variants", "runs"}) {
                        st.executeUpdate("INSERT INTO main." + table + " SELECT * FROM src." + table
                                + " WHERE study IN incoming");
                    }
                    List<String> added = ids(st, "SELECT id FROM incoming ORDER BY id");
                    st.executeUpdate("DROP TABLE temp.incoming");
                    c.commit();
                    return new Imported(added, already);
                } catch (SQLException e) {
                    c.rollback();
                    throw e;
                } finally {
                    c.setAutoCommit(true);
                }
            } finally {
                st.execute("DETACH DATABASE src");
            }
        } catch (SQLException e) {
            throw Failures.of(into.file(), "written", e);
        }
    }

    /** Into the team store: study by study (each its own transaction), the ones already there left alone. */
    private static Imported importStudies(Store into, Path source) throws StoreException {
        Path abs = source.toAbsolutePath().normalize();
        if (StoreFile.inspect(abs).kind() != StoreFile.Kind.STORE) {
            throw new StoreException(abs + " holds no overhead studies: nothing to import.", null);
        }
        List<String> added = new ArrayList<>();
        List<String> already = new ArrayList<>();
        try (Store from = SqliteStore.openForReading(abs)) {
            for (StudySummary s : from.list().reversed()) {
                if (into.studyDefinition(s.id())
                        .filter(d -> d.info().id().equals(s.id()))
                        .isPresent()) {
                    already.add(s.id());
                    continue;
                }
                StudyDefinition d = from.studyDefinition(s.id()).orElseThrow();
                into.importStudy(from.load(s.id()).orElseThrow());
                into.finish(s.id(), d.state(), d.warnings());
                added.add(s.id());
            }
        }
        return new Imported(added.stream().sorted().toList(), already);
    }

    private static List<String> ids(Statement st, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (var rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
