package dev.overhead.store;

import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The team store: one PostgreSQL database that many machines and processes write at once. The
 * tables and statements are the SQLite store's ({@link StudyRows}, {@link StudyWrites}); each run is
 * still its own committed transaction. What differs is in the classes it is made of:
 *
 * <ul>
 *   <li>{@link PgLocks}: the per-study lock is a PostgreSQL session advisory lock, so it holds across
 *       machines and goes with the session when its process dies;
 *   <li>{@link PgSession}: a lost connection (a server restart, a network cut) is not the end of a
 *       study: the store reconnects for up to {@link #RECONNECT}, takes its locks again and does the
 *       statement again, so at most the run in flight waits; a write whose commit reached the server
 *       before the cut is not doubled.
 * </ul>
 */
public final class PostgresStore implements Store {
    /** How long a lost server is waited for before the study stops (it can be resumed then). */
    static final Duration RECONNECT = Duration.ofSeconds(120);

    static {
        // The libraries of the team store (db-scheduler, and others that find SLF4J on the class path) log
        // through SLF4J, and overhead ships no binding: SLF4J's own no-op provider, named before the first log,
        // keeps SLF4J from searching and warning that it found none. overhead says itself what matters.
        if (System.getProperty("slf4j.provider") == null) {
            System.setProperty("slf4j.provider", "org.slf4j.helpers.NOP_FallbackServiceProvider");
            System.setProperty("slf4j.internal.verbosity", "WARN"); // not even a note that it was named
        }
    }

    private final StoreUrl url;
    private final Place place;
    private final PgSession session;
    private final PgLocks locks;

    private PostgresStore(StoreUrl url, boolean readOnly, Duration reconnectFor, Connection connection) {
        this.url = url;
        this.place = PgFailures.place(url);
        this.session = new PgSession(url, readOnly, reconnectFor, connection);
        this.locks = new PgLocks(session);
    }

    /** For commands that write: the schema is made or brought up to date first. */
    public static PostgresStore open(StoreUrl url) throws StoreException {
        return open(url, RECONNECT);
    }

    static PostgresStore open(StoreUrl url, Duration reconnectFor) throws StoreException {
        Connection c = PgSession.connect(url, false);
        try {
            int version = PgSchema.version(c);
            refuseNewer(url, version);
            if (version < PgSchema.CURRENT) {
                PgSchema.migrate(url);
            }
        } catch (SQLException e) {
            PgSession.closeQuietly(c);
            throw PgFailures.of(url, "opened", e);
        } catch (StoreException e) {
            PgSession.closeQuietly(c);
            throw e;
        }
        return new PostgresStore(url, false, reconnectFor, c);
    }

    /** For commands that only read: a read-only session, and where there is no store yet, nothing is made. */
    public static Store openForReading(StoreUrl url) throws StoreException {
        Connection c = PgSession.connect(url, true);
        try {
            refuseNewer(url, PgSchema.version(c));
            if (!PgSchema.hasStudies(c)) {
                c.close();
                return new EmptyStore();
            }
        } catch (SQLException e) {
            PgSession.closeQuietly(c);
            throw PgFailures.of(url, "read", e);
        } catch (StoreException e) {
            PgSession.closeQuietly(c);
            throw e;
        }
        return new PostgresStore(url, true, RECONNECT, c);
    }

    private static void refuseNewer(StoreUrl url, int had) throws StoreException {
        if (had > PgSchema.CURRENT) {
            throw new StoreException(
                    "the store " + url.masked() + " was written by a newer overhead (schema " + had
                            + "; this one knows " + PgSchema.CURRENT + "): upgrade overhead, or give another --store.",
                    null);
        }
    }

    public StoreUrl url() {
        return url;
    }

    @Override
    public void createStudy(
            StudyInfo info, List<Workload> workloads, List<Variant> variants, Map<String, Object> environment)
            throws StoreException {
        session.call(
                "written",
                c -> inTransaction(
                        c,
                        () -> StudyWrites.definition(c, info, "running", workloads, variants, environment, List.of())),
                Boolean.TRUE);
    }

    @Override
    public void addRun(String studyId, String workload, String variant, Run run) throws StoreException {
        try {
            session.call(
                    "written",
                    c -> {
                        StudyWrites.run(c, studyId, workload, variant, run); // autocommit: its own transaction
                        return Boolean.FALSE;
                    },
                    Boolean.TRUE);
        } catch (StoreException e) {
            if (e.getCause() instanceof SQLException sql && PgFailures.constraint(sql)) {
                throw place.runFailure(studyId, workload, variant, run.index(), sql);
            }
            throw e;
        }
    }

    @Override
    public void finish(String studyId, String state, List<String> warnings, Map<String, dev.overhead.model.Stop> stops)
            throws StoreException {
        finish(studyId, state, warnings);
        session.call(
                "written",
                c -> {
                    StudyWrites.stops(c, studyId, stops);
                    return 0;
                },
                null);
    }

    @Override
    public void finish(String studyId, String state, List<String> warnings) throws StoreException {
        int updated = session.call("written", c -> StudyWrites.finish(c, studyId, state, warnings), null);
        if (updated == 0) {
            throw new StoreException("there is no study " + studyId + " in " + url.masked() + ".", null);
        }
    }

    @Override
    public Optional<StudyResult> load(String idOrLabel) throws StoreException {
        return session.call("read", c -> new StudyRows(place, c).load(idOrLabel), null);
    }

    @Override
    public Optional<StudyDefinition> studyDefinition(String idOrLabel) throws StoreException {
        return session.call("read", c -> new StudyRows(place, c).definitionOf(idOrLabel), null);
    }

    @Override
    public List<StudySummary> list() throws StoreException {
        return session.call("read", c -> new StudyRows(place, c).summaries(), null);
    }

    @Override
    public void importStudy(StudyResult study) throws StoreException {
        session.call("written", c -> inTransaction(c, () -> StudyWrites.study(c, study)), null);
    }

    /**
     * A session advisory lock on the study: refused while another session (on any machine) holds
     * it, released when this process closes it or its session ends.
     */
    @Override
    public Held lock(String studyId) throws StoreException {
        return locks.lock(studyId);
    }

    /** Deletes the studies with their runs in one transaction; a study being measured is refused, and then none is. */
    void delete(List<String> ids) throws StoreException {
        List<Held> held = new ArrayList<>();
        try {
            for (String id : ids) {
                held.add(lock(id));
            }
            session.call(
                    "written",
                    c -> inTransaction(c, () -> {
                        try (PreparedStatement st = c.prepareStatement("DELETE FROM studies WHERE id = ?")) {
                            for (String id : ids) {
                                st.setString(1, id); // workloads, variants and runs go with it (ON DELETE CASCADE)
                                st.executeUpdate();
                            }
                        }
                    }),
                    null);
        } finally {
            held.forEach(Held::close);
        }
    }

    /** Runs {@code work} on this store's connection (for {@link StoreAdmin} and {@link Fleet}). */
    <T> T query(String action, PgSession.Work<T> work) throws StoreException {
        return session.call(action, work, null);
    }

    private interface SqlWork {
        void run() throws SQLException;
    }

    private static Boolean inTransaction(Connection c, SqlWork work) throws SQLException {
        c.setAutoCommit(false);
        try {
            work.run();
            c.commit();
            return Boolean.FALSE;
        } catch (SQLException | RuntimeException e) {
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // a lost connection has rolled it back already
            }
            throw e;
        } finally {
            try {
                c.setAutoCommit(true);
            } catch (SQLException ignored) {
                // a lost connection: the next statement reconnects
            }
        }
    }

    @Override
    public void close() {
        locks.clear();
        session.close(); // the session ends, and with it every lock it held
    }
}
