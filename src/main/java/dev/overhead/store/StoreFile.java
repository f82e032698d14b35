package dev.overhead.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import org.sqlite.SQLiteConfig;

/**
 * What a file given as the store is, found out before anything is written to it: opening a
 * foreign SQLite file for writing would switch it to WAL (docs/reliability.md, case 11), so the header is read
 * with plain file I/O and the tables through a read-only connection first.
 */
final class StoreFile {
    private StoreFile() {}

    /** What was found: nothing yet, an overhead store at a schema version, or an empty database. */
    enum Kind {
        ABSENT,
        EMPTY,
        STORE
    }

    /** @param connection the read-only connection it was inspected with, kept open for the caller, or null */
    record Inspection(Kind kind, int version, Connection connection) {
        Inspection(Kind kind, int version) {
            this(kind, version, null);
        }
    }

    private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    /**
     * @throws StoreException a sentence when the file is a directory, not a regular file, not an
     *     SQLite database, someone else's database, or damaged
     */
    static Inspection inspect(Path abs) throws StoreException {
        return inspect(abs, false);
    }

    /**
     * As {@link #inspect(Path)}, keeping the read-only connection open where the file is a store: a
     * command that only reads goes on with it rather than opening the file again (docs/performance.md,
     * "Start-up").
     */
    static Inspection inspectForReading(Path abs) throws StoreException {
        return inspect(abs, true);
    }

    private static Inspection inspect(Path abs, boolean keep) throws StoreException {
        if (!Files.exists(abs)) {
            return new Inspection(Kind.ABSENT, 0);
        }
        if (Files.isDirectory(abs)) {
            throw new BadStoreValue("the store " + abs + " is a directory: give --store a file, such as "
                    + abs.resolve("overhead.db") + ".");
        }
        if (!Files.isRegularFile(abs)) { // a pipe or a device would block or never end
            throw new BadStoreValue(
                    "the store " + abs + " is not a regular file (a pipe or a device?): give --store a file.");
        }
        byte[] head = new byte[SQLITE_HEADER.length];
        int read;
        try (InputStream in = Files.newInputStream(abs)) {
            read = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new StoreException(
                    "cannot read the store " + abs + " (" + e.getClass().getSimpleName() + "): check its"
                            + " permissions, or give --store another file.",
                    e);
        }
        if (read == 0) {
            return new Inspection(Kind.EMPTY, 0);
        }
        if (read < head.length || !Arrays.equals(head, SQLITE_HEADER)) {
            throw notADatabase(abs);
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(SqliteStore.BUSY_TIMEOUT_MS);
        Connection c = null;
        boolean kept = false;
        try {
            c = readOnly(config, abs);
            int version = Schema.state(c).version();
            boolean hasStudies = has(c, "name = 'studies'");
            if (!has(c, "name NOT LIKE 'sqlite_%'") || (version == 0 && !Schema.hasForeignTables(c))) {
                return new Inspection(Kind.EMPTY, version);
            }
            if (!hasStudies || version == 0) {
                throw new StoreException(
                        abs + " is an SQLite database but not an overhead store: give --store another file.", null);
            }
            kept = keep;
            return new Inspection(Kind.STORE, version, keep ? c : null);
        } catch (SQLException e) {
            throw Failures.of(abs, "opened", e);
        } finally {
            if (c != null && !kept) {
                try {
                    c.close();
                } catch (SQLException e) {
                    // read-only and nothing written: the inspection's answer stands
                }
            }
        }
    }

    /**
     * A read-only connection that works where the file cannot be written (docs/reliability.md, issue
     * 33 case 0): a reader of a WAL database needs the {@code -shm} index beside it, and makes it
     * when it is missing, which a read-only mount or a directory the user may not write refuses
     * (SQLITE_CANTOPEN). Where there is no WAL content to read (no {@code -wal}, or an empty one:
     * the last writer closed cleanly) the file alone is the whole database, and it is opened
     * {@code immutable=1}, which takes no locks and makes no files; a WAL left with content by a
     * writer that died can only be read with its index, and the sentence says so.
     */
    static Connection readOnly(SQLiteConfig config, Path abs) throws SQLException {
        Connection c = config.createConnection("jdbc:sqlite:" + abs);
        try {
            has(c, "name = 'studies'"); // the first read opens the WAL index, where it fails
            return c;
        } catch (SQLException e) {
            int code = e.getErrorCode() & 0xff;
            if (code != 14 && code != 8) { // SQLITE_CANTOPEN, SQLITE_READONLY
                c.close();
                throw e;
            }
            c.close();
            Path wal = abs.resolveSibling(abs.getFileName() + "-wal");
            try {
                if (Files.exists(wal) && Files.size(wal) > 0) {
                    throw e;
                }
            } catch (java.io.IOException unreadable) {
                throw e;
            }
        }
        String uri;
        try {
            uri = new java.net.URI("file", null, abs.toString(), "immutable=1", null).toASCIIString();
        } catch (java.net.URISyntaxException bad) {
            throw new SQLException("cannot name " + abs + " as a URI", bad);
        }
        Connection immutable = config.createConnection("jdbc:sqlite:" + uri);
        has(immutable, "name = 'studies'");
        return immutable;
    }

    private static boolean has(Connection c, String where) throws SQLException {
        try (var st = c.createStatement();
                var rs = st.executeQuery("SELECT count(*) FROM sqlite_master WHERE " + where)) {
            return rs.next() && rs.getInt(1) > 0;
        }
    }

    static StoreException notADatabase(Path abs) {
        return new StoreException(
                abs + " is not an overhead store (not an SQLite database): give --store another file, or move this"
                        + " one away.",
                null);
    }
}
