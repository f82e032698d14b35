package dev.overhead.store;

import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sqlite.SQLiteConfig;

/**
 * The embedded store: one SQLite file (xerial sqlite-jdbc), WAL journal with {@code synchronous=FULL}
 * so a committed transaction survives a kill or a power cut, and a busy timeout so two overhead
 * processes can write the same file. Each {@link #addRun} is its own transaction.
 *
 * <p>Runs are committed as group commits in time (docs/performance.md, "A whole study"): a run's
 * transaction is written to the WAL before {@link #addRun} returns, so a kill of overhead, however
 * hard, loses at most the run in flight; but the WAL is synced to the disk ({@code synchronous=FULL}
 * for that commit) only when {@link #DURABLE_EVERY_NS} has passed since the last sync. A sync costs
 * 1–6 ms on the machines measured, more than the run of a small command; a power cut or a kernel
 * panic loses at most the runs of the last second. Everything else (the study, its end) is synced.
 */
public final class SqliteStore implements Store {
    /** How long a writer waits for another process's transaction before giving up. */
    static final int BUSY_TIMEOUT_MS = 30_000;

    /** The longest a run stays written but not synced. */
    static final long DURABLE_EVERY_NS = 1_000_000_000L;

    private final Path file;
    private final Connection connection;
    private final Place place;
    private final StudyRows rows;
    /** The clock the sync interval is measured on; a test sets its own rather than sleeping a second. */
    private java.util.function.LongSupplier nanos = System::nanoTime;

    private long lastSync = System.nanoTime();
    /** The connection is at {@code synchronous=NORMAL}, left there by the last run written without a sync. */
    private boolean lazy;
    /** The run insert, prepared once per form (with and without build and boot) rather than once per run. */
    private final PreparedStatement[] runInserts = new PreparedStatement[2];

    private SqliteStore(Path file, Connection connection) {
        this.file = file;
        this.connection = connection;
        this.place = Failures.sqlite(file);
        this.rows = new StudyRows(place, connection);
    }

    /** The same store with the sync interval measured on {@code clock} (nanoseconds), from now. */
    SqliteStore timedBy(java.util.function.LongSupplier clock) {
        nanos = clock;
        lastSync = clock.getAsLong();
        return this;
    }

    public static SqliteStore open(Path file) throws StoreException {
        return open(file, Schema.CURRENT);
    }

    /**
     * For the commands that only read: the file is opened read-only, and where there is no store
     * yet nothing is created (docs/reliability.md, case 13, 14.14); an empty store answers instead.
     */
    public static Store openForReading(Path file) throws StoreException {
        Path abs = file.toAbsolutePath().normalize();
        // the inspection's read-only connection is the store's: the file is opened once
        StoreFile.Inspection found = StoreFile.inspectForReading(abs);
        if (found.kind() != StoreFile.Kind.STORE) {
            return new EmptyStore();
        }
        try {
            refuseNewer(abs, found.version(), Schema.current());
        } catch (StoreException e) {
            closeQuietly(found.connection());
            throw e;
        }
        return new SqliteStore(abs, found.connection());
    }

    /** Up to a given schema version, so tests can make files as older versions of overhead did. */
    static SqliteStore open(Path file, int target) throws StoreException {
        Path abs = file.toAbsolutePath().normalize();
        // What the file is, before anything is written to it: a foreign file stays byte for byte the same.
        StoreFile.Inspection found = StoreFile.inspect(abs);
        refuseNewer(abs, found.version(), target);
        if (found.kind() == StoreFile.Kind.ABSENT) {
            try {
                Files.createDirectories(abs.getParent());
            } catch (IOException e) {
                throw new StoreException(
                        "cannot create the directory " + abs.getParent() + " for the store ("
                                + e.getClass().getSimpleName().replace("Exception", "")
                                + "): give --store a file in a writable place.",
                        e);
            }
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.enforceForeignKeys(true);
        // Immediate transactions take the write lock at BEGIN, where the busy timeout applies;
        // a deferred one that upgrades later can fail at once under a concurrent writer.
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        Connection c = null;
        try {
            c = connect(config, abs);
            Schema.State state = Schema.state(c);
            if (state.version() == 0 && Schema.hasForeignTables(c)) { // made by someone else since it was inspected
                throw new StoreException(
                        abs + " is an SQLite database but not an overhead store: give --store" + " another file.",
                        null);
            }
            refuseNewer(abs, state.version(), target);
            if (found.kind() == StoreFile.Kind.STORE) {
                refuseDamaged(abs, c);
            }
            if (state.userVersion() != target || !state.hasHistory()) { // else current: Flyway is not even loaded
                // the file lock keeps other processes out; a record lock is the process's, so threads queue here
                synchronized (SqliteStore.class) {
                    try (Store.Held migrating = StudyLock.migrating(abs)) {
                        Schema.State again = Schema.state(c); // another process may have migrated it meanwhile
                        refuseNewer(abs, again.version(), target);
                        if (again.userVersion() != target || !again.hasHistory()) {
                            Schema.migrate(abs, config, again, target);
                        }
                    }
                }
            }
            boundWal(c);
            return new SqliteStore(abs, c);
        } catch (SQLException e) {
            closeQuietly(c);
            throw Failures.of(abs, "opened", e);
        } catch (StoreException e) {
            closeQuietly(c);
            throw e;
        }
    }

    /**
     * A connection that waits for another process opening the same new store: switching a new file
     * to WAL needs an exclusive lock that SQLite refuses at once (SQLITE_BUSY) rather than through the
     * busy timeout, so two overhead processes starting together on a new store retry here, for as long
     * as the busy timeout, instead of one failing.
     */
    private static Connection connect(SQLiteConfig config, Path abs) throws SQLException {
        long until = System.nanoTime() + BUSY_TIMEOUT_MS * 1_000_000L;
        while (true) {
            try {
                return config.createConnection("jdbc:sqlite:" + abs);
            } catch (SQLException e) {
                boolean busy = (e.getErrorCode() & 0xff) == 5; // SQLITE_BUSY and its extended codes
                if (!busy || System.nanoTime() > until) {
                    throw e;
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** Pages of the WAL after which it is checkpointed into the database, and the size it is cut back to. */
    static final int WAL_PAGES = 256;

    /**
     * Keeps the WAL small, so a disk that filled up and was freed takes the study again
     * (docs/reliability.md, issue 33 case 0). Every run's transaction copies the four or five pages it
     * changed into the WAL (about 20 KiB a run), and SQLite checkpoints only at 1000 pages: a study on a
     * nearly full disk grew the WAL into all the space there was, and then could not checkpoint it, since
     * that needs the database to grow by a few pages first; it failed again on every resume. Checkpointed at
     * 256 pages (1 MiB, every 50 runs or so) and cut back to that size, the WAL stays where it was freed, and
     * what is left over from an earlier failure is checkpointed and truncated first.
     */
    private static void boundWal(Connection c) throws SQLException {
        try (var st = c.createStatement()) {
            st.execute("PRAGMA wal_autocheckpoint = " + WAL_PAGES);
            st.execute("PRAGMA journal_size_limit = " + WAL_PAGES * 4096L);
            st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        }
    }

    /**
     * A damaged store is never written (docs/reliability.md, issue 33 case 0): SQLite finds a malformed
     * page only where it reads one, and a run's insert reads the few pages it changes, so a store
     * whose damage lies elsewhere would take new studies on top of it. {@code PRAGMA quick_check}
     * reads every page once (not the indexes against their tables, as {@code integrity_check} does);
     * measured with the sqlite3 shell's timer on this VM, it costs 15 ms of CPU for a store of 10,000 runs
     * (2.2 MB) and 40-70 ms for 100,000 (21.8 MB), once per command that writes (docs/reliability.md).
     */
    private static void refuseDamaged(Path abs, Connection c) throws StoreException {
        try (var st = c.createStatement();
                var rs = st.executeQuery("PRAGMA quick_check(1)")) {
            if (rs.next() && "ok".equals(rs.getString(1))) {
                return;
            }
        } catch (SQLException e) {
            if ((e.getErrorCode() & 0xff) != Failures.CORRUPT && (e.getErrorCode() & 0xff) != 26) {
                throw Failures.of(abs, "opened", e);
            }
        }
        throw new StoreException(Failures.damaged(abs), null);
    }

    private static void refuseNewer(Path abs, int had, int known) throws StoreException {
        if (had > known) {
            throw new StoreException(
                    "the store " + abs + " was written by a newer overhead (schema " + had + "; this one knows " + known
                            + "): upgrade overhead, or give another --store.",
                    null);
        }
    }

    @Override
    public StudyLock lock(String studyId) throws StoreException {
        return StudyLock.acquire(file, studyId);
    }

    Connection connection() {
        try {
            durable(); // whatever the caller writes is synced, as before
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return connection;
    }

    public Path file() {
        return file;
    }

    @Override
    public void createStudy(
            StudyInfo info, List<Workload> workloads, List<Variant> variants, Map<String, Object> environment)
            throws StoreException {
        inTransaction(
                "written",
                () -> StudyWrites.definition(connection, info, "running", workloads, variants, environment, List.of()));
    }

    @Override
    public void addRun(String studyId, String workload, String variant, Run run) throws StoreException {
        try {
            long now = nanos.getAsLong();
            boolean sync = now - lastSync >= DURABLE_EVERY_NS;
            // The level is switched only when it changes (once a second in a study of short runs), not twice a
            // run: each switch is a statement of its own, a third of a run's store cost (docs/performance.md).
            if (sync) {
                durable();
            } else if (!lazy) {
                synchronous("NORMAL"); // written to the WAL (kill-safe), synced with a later commit
                lazy = true;
            }
            int form = StudyWrites.hasUnits(run) ? 1 : 0;
            if (runInserts[form] == null) {
                runInserts[form] = connection.prepareStatement(StudyWrites.runInsert(form == 1));
            }
            StudyWrites.bindRun(runInserts[form], studyId, workload, variant, run);
            try {
                runInserts[form].executeUpdate(); // autocommit: its own transaction
            } catch (SQLException e) {
                if (!full(e)) {
                    throw e;
                }
                // the failed statement may still hold its read snapshot, which a checkpoint waits for
                runInserts[form].close();
                runInserts[form] = null;
                if (!truncateWal()) {
                    throw e;
                }
                runInserts[form] = connection.prepareStatement(StudyWrites.runInsert(form == 1));
                StudyWrites.bindRun(runInserts[form], studyId, workload, variant, run);
                runInserts[form].executeUpdate(); // the WAL's space is free again: once more
            }
            if (sync) {
                lastSync = now; // this commit synced the WAL, and with it every run before it
            }
        } catch (SQLException e) {
            throw place.runFailure(studyId, workload, variant, run.index(), e);
        }
    }

    /** Back to {@code synchronous=FULL}: every write but a run's is synced, and so is the run after a second. */
    private void durable() throws SQLException {
        if (lazy) {
            synchronous("FULL");
            lazy = false;
        }
    }

    /** The connection's {@code synchronous} level as SQLite reports it (1 NORMAL, 2 FULL), for tests. */
    int synchronousLevel() throws SQLException {
        try (var st = connection.createStatement();
                var rs = st.executeQuery("PRAGMA synchronous")) {
            return rs.next() ? rs.getInt(1) : -1;
        }
    }

    private void synchronous(String level) throws SQLException {
        try (var st = connection.createStatement()) {
            st.execute("PRAGMA synchronous = " + level);
        }
    }

    @Override
    public void finish(String studyId, String state, List<String> warnings) throws StoreException {
        try {
            durable(); // the study's end is synced, and with it every run before it
        } catch (SQLException e) {
            throw Failures.of(file, "written", e);
        }
        try {
            int found;
            try {
                found = StudyWrites.finish(connection, studyId, state, warnings);
            } catch (SQLException e) {
                if (!full(e) || !truncateWal()) {
                    throw e;
                }
                found = StudyWrites.finish(connection, studyId, state, warnings);
            }
            if (found == 0) {
                throw new StoreException("there is no study " + studyId + " in " + file + ".", null);
            }
        } catch (SQLException e) {
            throw Failures.of(file, "written", e);
        }
    }

    @Override
    public void finish(String studyId, String state, List<String> warnings, Map<String, dev.overhead.model.Stop> stops)
            throws StoreException {
        finish(studyId, state, warnings);
        try {
            StudyWrites.stops(connection, studyId, stops);
        } catch (SQLException e) {
            throw Failures.of(file, "written", e);
        }
    }

    @Override
    public void setEnvironment(String studyId, Map<String, Object> environment) throws StoreException {
        try {
            if (StudyWrites.environment(connection, studyId, environment) == 0) {
                throw new StoreException("there is no study " + studyId + " in " + file + ".", null);
            }
            durable();
        } catch (SQLException e) {
            throw Failures.of(file, "written", e);
        }
    }

    @Override
    public Optional<StudyResult> load(String idOrLabel) throws StoreException {
        return rows.load(idOrLabel);
    }

    @Override
    public Optional<StudyDefinition> studyDefinition(String idOrLabel) throws StoreException {
        return rows.definitionOf(idOrLabel);
    }

    @Override
    public List<StudySummary> list() throws StoreException {
        return rows.summaries();
    }

    @Override
    public void importStudy(StudyResult study) throws StoreException {
        inTransaction("written", () -> StudyWrites.study(connection, study));
    }

    private interface SqlWork {
        void run() throws SQLException;
    }

    private void inTransaction(String action, SqlWork work) throws StoreException {
        try {
            attempt(work);
        } catch (SQLException e) {
            if (full(e) && truncateWal()) {
                try {
                    attempt(work);
                    return;
                } catch (SQLException again) {
                    throw Failures.of(file, action, again);
                }
            }
            throw Failures.of(file, action, e);
        }
    }

    private void attempt(SqlWork work) throws SQLException {
        durable();
        connection.setAutoCommit(false);
        try {
            work.run();
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    static boolean full(SQLException e) {
        return (e.getErrorCode() & 0xff) == Failures.FULL;
    }

    /**
     * Makes room after SQLITE_FULL: the WAL holds a copy of every page each transaction changed
     * (a run adds four or five 4 KiB pages) and is only checkpointed at 1000 pages, where the
     * database itself grows by a fraction of that. Checkpointing it into the database and
     * truncating it frees most of the space the study took, so the write that failed can be tried
     * once more (docs/reliability.md, issue 33 case 0): a disk that filled up and was freed, or
     * that the WAL alone filled, does not end the study.
     *
     * @return whether the WAL was checkpointed whole and truncated
     */
    private boolean truncateWal() {
        try (var st = connection.createStatement();
                var rs = st.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
            boolean whole = rs.next() && rs.getInt(1) == 0 && rs.getInt(2) == rs.getInt(3);
            if (Boolean.getBoolean("overhead.debug.store")) {
                System.err.println("checkpoint after SQLITE_FULL: " + (whole ? "whole" : "partial"));
            }
            return whole;
        } catch (SQLException e) {
            if (Boolean.getBoolean("overhead.debug.store")) {
                System.err.println("checkpoint after SQLITE_FULL failed: " + e.getMessage());
            }
            return false; // the disk is full indeed: the first failure is the one to report
        }
    }

    @Override
    public void close() throws StoreException {
        try {
            durable();
            for (PreparedStatement st : runInserts) {
                if (st != null) {
                    st.close();
                }
            }
            connection.close();
        } catch (SQLException e) {
            throw Failures.of(file, "closed", e);
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // already failing; the first error is the one to report
            }
        }
    }
}
