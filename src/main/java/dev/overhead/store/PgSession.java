package dev.overhead.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The team store's one connection, and what keeps a study going through a server restart or a
 * network cut: a statement whose session was lost is done again on a new one, after waiting up to
 * {@code reconnectFor} for the server; a write whose commit reached the server before the cut is
 * not doubled. What a session held (the study locks) is taken again by {@link Resumed} first.
 */
final class PgSession implements AutoCloseable {
    /** Work on the current connection; may be done a second time after a reconnection. */
    interface Work<T> {
        T run(Connection c) throws SQLException, StoreException;
    }

    /** What a new session must take again before the work is done on it. */
    interface Resumed {
        void on(Connection c) throws StoreException;
    }

    private final StoreUrl url;
    private final boolean readOnly;
    private final Duration reconnectFor;
    private Resumed resumed = c -> {};
    private Connection connection;

    PgSession(StoreUrl url, boolean readOnly, Duration reconnectFor, Connection connection) {
        this.url = url;
        this.readOnly = readOnly;
        this.reconnectFor = reconnectFor;
        this.connection = connection;
    }

    synchronized void onReconnect(Resumed then) {
        this.resumed = then;
    }

    StoreUrl url() {
        return url;
    }

    /** The session's connection as it is now: null while a lost server has not come back. */
    synchronized Connection current() {
        return connection;
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

    /**
     * Does the work; where the connection was lost, reconnects and does it once more. A unique-key
     * refusal on that second try means the first try's commit reached the server before the cut.
     */
    synchronized <T> T call(String action, Work<T> work, T ifAlreadyDone) throws StoreException {
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

    /** Waits for the server to come back, then lets {@link Resumed} take the session's locks again. */
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
        resumed.on(connection);
    }

    /** Ends the session, and with it every lock it held. */
    @Override
    public synchronized void close() {
        closeQuietly(connection);
    }

    static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // already failing, or already gone
            }
        }
    }
}
