package dev.overhead.store;

import java.sql.SQLException;

/** Where a store is, as messages name it, and how its database's failures read as sentences. */
interface Place {
    /** The file, or the server's URL without its password. */
    String describe();

    StoreException failure(String action, SQLException e);

    StoreException runFailure(String study, String workload, String variant, int index, SQLException e);
}
