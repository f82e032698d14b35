package dev.overhead.store;

import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The team store: one PostgreSQL database that many machines and processes write at once. The
 * tables and statements are the SQLite store's ({@link StudyRows}, {@link StudyWrites}); each run is
 * still its own committed transaction. What differs is in this class:
 *
 * <ul>
 *   <li>the per-study lock is a PostgreSQL session advisory lock, so it holds across machines and
 *       goes with the session when its process dies (the server drops the session of a machine that
 *       vanished once TCP keepalive notices, set here to about a minute);
 *   <li>a lost connection (a server restart, a network cut) is not the end of a study: the store
 *       reconnects for up to {@link #RECONNECT} and does the statement again, so at most the run in
 *       flight waits; a write whose commit reached the server before the cut is not doubled.
 * </ul>
 */
public final class PostgresStore implements Store {
    /** How long a lost server is waited for before the study stops (it can be resumed then). */
    static final Duration RECONNECT = Duration.ofSeconds(120);

    /** The first key of every advisory lock overhead takes ("ovhd"), so other users of the database keep theirs. */
    static final int LOCK_CLASS = 0x6f766864;

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
    private final boolean readOnly;
    private final Duration reconnectFor;
    private final Place place;
    private final Map<String, Integer> held = new LinkedHashMap<>();
    private Connection connection;

    private PostgresStore(StoreUrl url, boolean readOnly, Duration reconnectFor, Connection connection) {
        this.url = url;
        this.readOnly = readOnly;
        this.reconnectFor = reconnectFor;
        this.connection = connection;
        this.place = PgFailures.place(url);
    }

    /** For commands that write: the schema is made or brought up to date first. */
    public static PostgresStore open(StoreUrl url) throws StoreException {
        return open(url, RECONNECT);
    }

    static PostgresStore open(StoreUrl url, Duration reconnectFor) throws StoreException {
        Connection c = connect(url, false);
        try {
            int version = PgSchema.version(c);
            refuseNewer(url, version);
            if (version < PgSchema.CURRENT) {
                PgSchema.migrate(url);
            }
        } catch (SQLException e) {
            closeQuietly(c);
            throw PgFailures.of(url, "opened", e);
        } catch (StoreException e) {
            closeQuietly(c);
            throw e;
        }
        return new PostgresStore(url, false, reconnectFor, c);
    }

    /** For commands that only read: a read-only session, and where there is no store yet, nothing is made. */
    public static Store openForReading(StoreUrl url) throws StoreException {
        Connection c = connect(url, true);
        try {
            refuseNewer(url, PgSchema.version(c));
            if (!PgSchema.hasStudies(c)) {
                c.close();
                return new EmptyStore();
            }
        } catch (SQLException e) {
            closeQuietly(c);
            throw PgFailures.of(url, "read", e);
        } catch (StoreException e) {
            closeQuietly(c);
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

    static Connection connect(StoreUrl url, boolean readOnly) throws StoreException {
        try {
            Connection c = DriverManager.getConnection(url.jdbcUrl(), url.properties());
            try (Statement st = c.createStatement()) {
                // The server notices a vanished client within about a minute and drops its study locks.
                st.execute("SET tcp_keepalives_idle = 30");
                st.execute("SET tcp_keepalives_interval = 10");
                st.execute("SET tcp_keepalives_count = 3");
                if (readOnly) {
                    st.execute("SET default_transaction_read_only = on");
                }
            } catch (SQLException e) {
                closeQuietly(c);
                throw e;
            }
            return c;
        } catch (SQLException e) {
            throw PgFailures.of(url, "opened", e);
        }
    }

    public StoreUrl url() {
        return url;
    }

    /** Work on the current connection; may be done a second time after a reconnection. */
    interface Work<T> {
        T run(Connection c) throws SQLException, StoreException;
    }

    /**
     * Does the work; where the connection was lost, reconnects and does it once more. A unique-key
     * refusal on that second try means the first try's commit reached the server before the cut.
     */
    private synchronized <T> T call(String action, Work<T> work, T ifAlreadyDone) throws StoreException {
        if (connection == null) { // an earlier reconnection gave up: try once more before failing again
            reconnect();
        }
        try {
            return work.run(connection);
        } catch (SQLException e) {
            if (!PgFailures.lost(e)) {
                throw PgFailures.of(url, action, e);
            }
        } catch (StoreException e) {
            if (!(e.getCause() instanceof SQLException sql && PgFailures.lost(sql))) {
                throw e;
            }
        }
        reconnect();
        try {
            return work.run(connection);
        } catch (SQLException e) {
            if (PgFailures.DUPLICATE.equals(e.getSQLState()) && ifAlreadyDone != null) {
                return ifAlreadyDone;
            }
            throw PgFailures.of(url, action, e);
        }
    }

    /** Waits for the server to come back, then takes this process's study locks again. */
    private void reconnect() throws StoreException {
        closeQuietly(connection);
        connection = null;
        long deadline = System.nanoTime() + reconnectFor.toNanos();
        StoreException last = null;
        while (System.nanoTime() < deadline) {
            try {
                connection = connect(url, readOnly);
                break;
            } catch (StoreException e) {
                last = e;
                try {
                    Thread.sleep(500);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        if (connection == null) {
            throw new StoreException(
                    "lost the connection to the store " + url.masked() + " and it did not come back within "
                            + reconnectFor.toSeconds() + " s: the runs stored so far are kept; resume the study once"
                            + " the server is up.",
                    last);
        }
        for (Map.Entry<String, Integer> e : held.entrySet()) {
            boolean again;
            try {
                again = tryLock(connection, e.getValue());
            } catch (SQLException failed) {
                throw PgFailures.of(url, "locked", failed);
            }
            if (!again) {
                throw new StoreException(
                        "study " + e.getKey() + " was taken by another overhead process while the store " + url.masked()
                                + " was unreachable: this process stops measuring it.",
                        null);
            }
        }
    }

    @Override
    public void createStudy(
            StudyInfo info, List<Workload> workloads, List<Variant> variants, Map<String, Object> environment)
            throws StoreException {
        call(
                "written",
                c -> inTransaction(
                        c,
                        () -> StudyWrites.definition(c, info, "running", workloads, variants, environment, List.of())),
                Boolean.TRUE);
    }

    @Override
    public void addRun(String studyId, String workload, String variant, Run run) throws StoreException {
        try {
            call(
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
    public void finish(String studyId, String state, List<String> warnings) throws StoreException {
        int updated = call(
                "written",
                c -> {
                    try (PreparedStatement st =
                            c.prepareStatement("UPDATE studies SET state = ?, warnings = ? WHERE id = ?")) {
                        st.setString(1, state);
                        st.setString(2, Codec.write(warnings));
                        st.setString(3, studyId);
                        return st.executeUpdate();
                    }
                },
                null);
        if (updated == 0) {
            throw new StoreException("there is no study " + studyId + " in " + url.masked() + ".", null);
        }
    }

    @Override
    public Optional<StudyResult> load(String idOrLabel) throws StoreException {
        return call(
                "read",
                c -> {
                    StudyRows rows = new StudyRows(place, c);
                    Optional<String> id = rows.resolve(idOrLabel);
                    if (id.isEmpty()) {
                        return Optional.<StudyResult>empty();
                    }
                    StudyDefinition d = rows.definition(id.get());
                    Map<String, Map<String, List<Run>>> runs = rows.runs(id.get());
                    List<WorkloadResult> workloads = new ArrayList<>();
                    for (Workload w : d.workloads()) {
                        Map<String, List<Run>> byVariant = runs.getOrDefault(w.name(), Map.of());
                        workloads.add(new WorkloadResult(
                                w,
                                d.variants().stream()
                                        .map(v -> new VariantResult(v, byVariant.getOrDefault(v.name(), List.of())))
                                        .toList()));
                    }
                    return Optional.of(
                            new StudyResult(d.info(), d.environment(), workloads, List.of(), d.warnings(), List.of()));
                },
                null);
    }

    @Override
    public Optional<StudyDefinition> studyDefinition(String idOrLabel) throws StoreException {
        return call(
                "read",
                c -> {
                    StudyRows rows = new StudyRows(place, c);
                    Optional<String> id = rows.resolve(idOrLabel);
                    return id.isEmpty() ? Optional.<StudyDefinition>empty() : Optional.of(rows.definition(id.get()));
                },
                null);
    }

    @Override
    public List<StudySummary> list() throws StoreException {
        return call("read", c -> new StudyRows(place, c).summaries(), null);
    }

    @Override
    public void importStudy(StudyResult study) throws StoreException {
        List<Variant> variants = new ArrayList<>();
        for (WorkloadResult w : study.workloads()) {
            for (VariantResult v : w.variants()) {
                if (variants.stream().noneMatch(known -> known.name().equals(v.name()))) {
                    variants.add(v.variant());
                }
            }
        }
        call(
                "written",
                c -> inTransaction(c, () -> {
                    StudyWrites.definition(
                            c,
                            study.info(),
                            "done",
                            study.workloads().stream()
                                    .map(WorkloadResult::workload)
                                    .toList(),
                            variants,
                            study.environment(),
                            study.warnings());
                    for (WorkloadResult w : study.workloads()) {
                        for (VariantResult v : w.variants()) {
                            for (Run r : v.runs()) {
                                StudyWrites.run(c, study.info().id(), w.name(), v.name(), r);
                            }
                        }
                    }
                }),
                null);
    }

    /**
     * A session advisory lock on the study: refused while another session (on any machine) holds
     * it, released when this process closes it or its session ends.
     */
    @Override
    public Held lock(String studyId) throws StoreException {
        int key = key(studyId);
        boolean got;
        synchronized (this) {
            if (held.containsKey(studyId)) {
                got = false; // this process already measures it
            } else {
                got = call("locked", c -> tryLock(c, key), null);
                if (got) {
                    held.put(studyId, key);
                }
            }
        }
        if (!got) {
            throw new StoreException(
                    "study " + studyId + " is being measured by another overhead process right now: let it"
                            + " finish (or stop it), then resume.",
                    null);
        }
        return () -> {
            synchronized (this) {
                held.remove(studyId);
                if (connection == null) {
                    return; // the session is gone, and its locks with it
                }
                try (PreparedStatement st = connection.prepareStatement("SELECT pg_advisory_unlock(?, ?)")) {
                    st.setInt(1, LOCK_CLASS);
                    st.setInt(2, key);
                    st.execute();
                } catch (SQLException e) {
                    // a lost session has dropped the lock already; closing the store drops it in any case
                }
            }
        };
    }

    private static boolean tryLock(Connection c, int key) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT pg_try_advisory_lock(?, ?)")) {
            st.setInt(1, LOCK_CLASS);
            st.setInt(2, key);
            try (var rs = st.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    /** The study's half of the lock key: 32 bits of its id's SHA-256, so two ids share one by chance only. */
    static int key(String studyId) {
        return (int) (StudyLock.offset(studyId) >>> 30);
    }

    /** Deletes the studies with their runs in one transaction; a study being measured is refused, and then none is. */
    void delete(List<String> ids) throws StoreException {
        List<Held> locks = new ArrayList<>();
        try {
            for (String id : ids) {
                locks.add(lock(id));
            }
            call(
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
            locks.forEach(Held::close);
        }
    }

    /** Runs {@code body} on this store's connection (for {@link StoreAdmin}). */
    synchronized <T> T query(String action, Work<T> work) throws StoreException {
        return call(action, work, null);
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
    public synchronized void close() {
        held.clear();
        closeQuietly(connection); // the session ends, and with it every lock it held
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // already failing, or already gone
            }
        }
    }
}
