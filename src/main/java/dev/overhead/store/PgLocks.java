package dev.overhead.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The team store's study locks: PostgreSQL session advisory locks, so a lock holds across machines
 * and goes with the session when its process dies (the server drops the session of a machine that
 * vanished once TCP keepalive notices, set by {@link PgSession#connect} to about a minute). After a
 * reconnection the new session takes them again ({@link #retake}). Guarded by the session's monitor.
 */
final class PgLocks {
    /** The first key of every advisory lock overhead takes ("ovhd"), so other users of the database keep theirs. */
    static final int LOCK_CLASS = 0x6f766864;

    private final PgSession session;
    private final Map<String, Integer> held = new LinkedHashMap<>();

    PgLocks(PgSession session) {
        this.session = session;
        session.onReconnect(this::retake);
    }

    /** Refused while another session (on any machine), or this process itself, holds the study's lock. */
    Store.Held lock(String studyId) throws StoreException {
        int key = key(studyId);
        boolean got;
        synchronized (session) {
            if (held.containsKey(studyId)) {
                got = false; // this process already measures it
            } else {
                got = session.call("locked", c -> tryLock(c, key), null);
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
            synchronized (session) {
                held.remove(studyId);
                Connection c = session.current();
                if (c == null) {
                    return; // the session is gone, and its locks with it
                }
                try (PreparedStatement st = c.prepareStatement("SELECT pg_advisory_unlock(?, ?)")) {
                    st.setInt(1, LOCK_CLASS);
                    st.setInt(2, key);
                    st.execute();
                } catch (SQLException e) {
                    // a lost session has dropped the lock already; closing the store drops it in any case
                }
            }
        };
    }

    /** Takes this process's study locks again on a new session; one taken meanwhile by another process stops it. */
    private void retake(Connection c) throws StoreException {
        for (Map.Entry<String, Integer> e : held.entrySet()) {
            boolean again;
            try {
                again = tryLock(c, e.getValue());
            } catch (SQLException failed) {
                throw PgFailures.of(session.url(), "locked", failed);
            }
            if (!again) {
                throw new StoreException(
                        "study " + e.getKey() + " was taken by another overhead process while the store "
                                + session.url().masked() + " was unreachable: this process stops measuring it.",
                        null);
            }
        }
    }

    /** Forgets the locks: the session that held them is ending. */
    void clear() {
        synchronized (session) {
            held.clear();
        }
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
}
