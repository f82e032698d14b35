package dev.overhead.store;

import java.sql.SQLException;
import java.util.Set;

/** PostgreSQL's SQLSTATE codes (https://www.postgresql.org/docs/current/errcodes-appendix.html) as sentences. */
final class PgFailures {
    private PgFailures() {}

    static final String DUPLICATE = "23505";
    private static final String FOREIGN_KEY = "23503";
    private static final Set<String> SHUT_DOWN = Set.of("57P01", "57P02", "57P03");

    /** The session is gone (the server restarted, or the network cut it): reconnecting may help. */
    static boolean lost(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("08") || SHUT_DOWN.contains(state));
    }

    static boolean constraint(SQLException e) {
        return DUPLICATE.equals(e.getSQLState()) || FOREIGN_KEY.equals(e.getSQLState());
    }

    static StoreException of(StoreUrl url, String action, SQLException e) {
        String at = url.masked();
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String first =
                e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
        String sentence = switch (state) {
            case "28P01", "28000" ->
                "the PostgreSQL server refused the user or password of " + at + " (" + first + "): check them in"
                        + " --store or OVERHEAD_STORE (or PGPASSWORD).";
            case "3D000" ->
                "there is no database '" + url.database() + "' on the server of " + at + ": create it (createdb "
                        + url.database() + ") or name another in the URL.";
            case "42501" ->
                "the user of " + at + " may not do this (" + first + "): grant it the rights docs/team.md lists.";
            case "25006" -> "the store " + at + " was opened for reading only and cannot be " + action + ".";
            case DUPLICATE ->
                "the store " + at + " refused the study: "
                        + (first.contains("studies_pkey") ? "a study with this id is already there." : first);
            default ->
                lost(e)
                        ? "cannot reach the PostgreSQL server of " + at + " (" + first + "): check that it runs and"
                                + " that the host and port are right."
                        : "the store " + at + " could not be " + action + " (" + first + ").";
        };
        return new StoreException(sentence, e);
    }

    static Place place(StoreUrl url) {
        return new Place(
                url.masked(),
                (action, e) -> of(url, action, e),
                PgFailures::constraint,
                e -> FOREIGN_KEY.equals(e.getSQLState()));
    }
}
