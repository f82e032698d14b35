package dev.overhead.store;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Opens the store that {@code --store PATH|URL} names, or the default one: an SQLite file, or a
 * PostgreSQL server ({@code postgresql://...}, {@link PostgresStore}) that a team shares.
 */
public final class Stores {
    private Stores() {}

    /**
     * @param pathOrNull null for the default location; a file path; or a {@code sqlite:PATH},
     *                   {@code jdbc:sqlite:PATH} or {@code file:} URL
     * @throws StoreException one sentence naming the store and what to do
     */
    public static Store open(String pathOrNull) throws StoreException {
        if (isServer(pathOrNull)) {
            return PostgresStore.open(url(pathOrNull));
        }
        return SqliteStore.open(resolve(pathOrNull));
    }

    /** For managing the store as a whole ({@link StoreAdmin}). */
    public static Store openForAdmin(String pathOrNull) throws StoreException {
        return open(pathOrNull);
    }

    /** For commands that only read: read-only, and nothing is created where there is no store. */
    public static Store openForReading(String pathOrNull) throws StoreException {
        if (isServer(pathOrNull)) {
            return PostgresStore.openForReading(url(pathOrNull));
        }
        return SqliteStore.openForReading(resolve(pathOrNull));
    }

    /** Whether the value names a database server (PostgreSQL) rather than a file. */
    public static boolean isServer(String pathOrNull) {
        return pathOrNull != null && StoreUrl.isUrl(pathOrNull);
    }

    /** The server a {@code postgresql://} value names; its password from the URL or PGPASSWORD. */
    public static StoreUrl url(String value) throws StoreException {
        return StoreUrl.parse(value, System.getenv());
    }

    /** The store as messages name it: the file, or the URL with its password masked. */
    public static String describe(String pathOrNull) {
        if (isServer(pathOrNull)) {
            try {
                return url(pathOrNull).masked();
            } catch (StoreException e) {
                return StoreUrl.maskAnyPassword(pathOrNull);
            }
        }
        try {
            return resolve(pathOrNull).toString();
        } catch (StoreException e) {
            return String.valueOf(pathOrNull);
        }
    }

    /** The file a {@code --store} value names. */
    public static Path resolve(String pathOrNull) throws StoreException {
        if (pathOrNull == null) {
            return StorePaths.defaultStore();
        }
        String s = pathOrNull.strip();
        String lower = s.toLowerCase(Locale.ROOT);
        try {
            if (lower.startsWith("file:")) {
                URI uri = new URI(s);
                return uri.isOpaque() ? checked(uri.getSchemeSpecificPart(), pathOrNull) : Path.of(uri);
            }
            for (String prefix : new String[] {"jdbc:sqlite:", "sqlite://", "sqlite:"}) {
                if (lower.startsWith(prefix)) {
                    return checked(s.substring(prefix.length()), pathOrNull);
                }
            }
            if (StoreUrl.isUrl(s)) {
                throw new BadStoreValue(
                        "--store " + StoreUrl.maskAnyPassword(s) + " names a server, not a file: this needs a file.");
            }
            if (lower.matches("[a-z][a-z0-9+.-]+:.*")) { // another kind of URL (mysql:, http:, ...)
                throw unsupported(pathOrNull, null);
            }
            return checked(s, pathOrNull);
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw unsupported(pathOrNull, e);
        }
    }

    private static Path checked(String path, String given) throws StoreException {
        if (path.isEmpty()) {
            throw unsupported(given, null);
        }
        try {
            return Path.of(path);
        } catch (InvalidPathException e) {
            throw unsupported(given, e);
        }
    }

    private static StoreException unsupported(String given, Throwable cause) {
        return new BadStoreValue(
                "--store '" + StoreUrl.maskAnyPassword(given) + "' is not a store overhead can use: give a file path, a"
                        + " sqlite:PATH or file: URL, or postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE.",
                cause);
    }
}
