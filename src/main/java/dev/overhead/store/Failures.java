package dev.overhead.store;

import java.nio.file.Path;
import java.sql.SQLException;

/** SQLite's error codes turned into sentences that say what to do. */
final class Failures {
    private Failures() {}

    /** An SQLite file as a {@link Place}. */
    static Place sqlite(Path file) {
        return new Place(
                file.toString(),
                (action, e) -> of(file, action, e),
                e -> (e.getErrorCode() & 0xff) == CONSTRAINT,
                e -> String.valueOf(e.getMessage()).contains("FOREIGN KEY"));
    }

    // Primary result codes of https://www.sqlite.org/rescode.html
    private static final int BUSY = 5;
    private static final int LOCKED = 6;
    private static final int READONLY = 8;
    private static final int IOERR = 10;
    private static final int CORRUPT = 11;
    private static final int FULL = 13;
    private static final int CANTOPEN = 14;
    private static final int CONSTRAINT = 19;
    private static final int NOTADB = 26;

    static StoreException of(Path file, String action, SQLException e) {
        String sentence = switch (e.getErrorCode() & 0xff) {
            case BUSY, LOCKED ->
                "the store " + file + " is busy: another overhead process held it for more than "
                        + SqliteStore.BUSY_TIMEOUT_MS / 1000 + " s; try again, or give --store another file.";
            case READONLY ->
                "cannot write to the store " + file + ": check its permissions (and its directory's),"
                        + " or give --store a writable file.";
            case CANTOPEN ->
                "cannot open the store " + file + ": check that it and its directory are readable and"
                        + " writable, or give --store another file.";
            case NOTADB -> StoreFile.notADatabase(file).getMessage();
            case CORRUPT -> damaged(file);
            case FULL -> "the disk holding the store " + file + " is full: free some space and run again.";
            case IOERR ->
                "the store " + file + " could not be " + action + " (an I/O error: " + e.getMessage()
                        + "); check the disk.";
            case CONSTRAINT ->
                "the store " + file + " refused the study: "
                        + (e.getMessage().contains("studies.id")
                                ? "a study with this id is already there."
                                : e.getMessage());
            default -> "the store " + file + " could not be " + action + " (" + e.getMessage() + ").";
        };
        return new StoreException(sentence, e);
    }

    /** Nothing is written to a damaged file: the sentence says how to look at it and save what can be read. */
    static String damaged(Path file) {
        return "the store " + file + " is damaged (SQLite found a malformed page) and is left as it is:"
                + " 'overhead store check --store " + file + "' says what is wrong, and 'sqlite3 " + file
                + " .recover | sqlite3 recovered.db' saves what can still be read.";
    }
}
