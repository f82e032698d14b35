package dev.overhead.store;

import java.sql.SQLException;
import java.util.function.Predicate;

/**
 * Where a store is, as messages name it, and how its database's failures read as sentences. The
 * sentences of each database are its own ({@link Failures}, {@link PgFailures}); what a refused run
 * means is the same in both.
 *
 * @param name          the file, or the server's URL without its password
 * @param sentences     a failure of the database as one sentence, for an action ("read", "written", ...)
 * @param refusedRow    the database refused a row for a key (a unique key or a foreign key)
 * @param missingParent of those, the refusals for a row that names no study, workload or variant
 */
record Place(
        String name, Sentences sentences, Predicate<SQLException> refusedRow, Predicate<SQLException> missingParent) {

    /** A database's failure as a sentence. */
    interface Sentences {
        StoreException of(String action, SQLException e);
    }

    StoreException failure(String action, SQLException e) {
        return sentences.of(action, e);
    }

    /** A run that could not be added: stored already, or of a workload or variant the study does not have. */
    StoreException runFailure(String study, String workload, String variant, int index, SQLException e) {
        if (!refusedRow.test(e)) {
            return failure("written", e);
        }
        String why = missingParent.test(e)
                ? "the study has no workload '" + workload + "' or no variant '" + variant + "'"
                : "run " + index + " of " + workload + " / " + variant + " is already stored";
        return new StoreException("cannot add a run to study " + study + " in " + name + ": " + why + ".", e);
    }
}
