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
    static final int CORRUPT = 11;
    static final int FULL = 13;
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
            case CONSTRAINT -> "the store " + file + " refused the study: " + collision(e.getMessage());
            default -> "the store " + file + " could not be " + action + " (" + e.getMessage() + ").";
        };
        return new StoreException(sentence, e);
    }

    /**
     * What a refused row means, in words: SQLite's "UNIQUE constraint failed: runs.study, ..." names
     * the table, and each table's key has one meaning (docs/reliability.md, issue 33 case 0).
     */
    static String collision(String message) {
        String m = String.valueOf(message);
        if (m.contains("studies.id")) {
            return "a study with this id is already there.";
        }
        if (m.contains("runs.")) {
            return "it has two runs with the same number for one workload and variant (or one that is already"
                    + " stored); each run is stored once: remove the repeated run from the file.";
        }
        if (m.contains("workloads.")) {
            return "two of its workloads have the same name; give each workload its own name.";
        }
        if (m.contains("variants.")) {
            return "two of its variants have the same name; give each variant its own name.";
        }
        if (m.contains("FOREIGN KEY")) {
            return "a run names a workload or variant the study does not have.";
        }
        return "a row collides with one already stored.";
    }

    /** Nothing is written to a damaged file: the sentence says how to look at it and save what can be read. */
    static String damaged(Path file) {
        return "the store " + file + " is damaged (SQLite found a malformed page) and is left as it is:"
                + " 'overhead store check --store " + file + "' says what is wrong, and 'sqlite3 " + file
                + " .recover | sqlite3 recovered.db' saves what can still be read.";
    }
}
