package dev.overhead.store;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;

/** Opens the store that {@code --store PATH|URL} names, or the default one. */
public final class Stores {
    private Stores() {}

    /**
     * @param pathOrNull null for the default location; a file path; or a {@code sqlite:PATH},
     *                   {@code jdbc:sqlite:PATH} or {@code file:} URL
     * @throws StoreException one sentence naming the store and what to do
     */
    public static Store open(String pathOrNull) throws StoreException {
        return SqliteStore.open(resolve(pathOrNull));
    }

    /** For managing the store as a whole ({@link StoreAdmin}). */
    public static SqliteStore openForAdmin(String pathOrNull) throws StoreException {
        return SqliteStore.open(resolve(pathOrNull));
    }

    /** For commands that only read: read-only, and nothing is created where there is no store. */
    public static Store openForReading(String pathOrNull) throws StoreException {
        return SqliteStore.openForReading(resolve(pathOrNull));
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
            if (lower.matches("[a-z][a-z0-9+.-]+:.*")) { // another kind of URL (postgres:, http:, ...)
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
                "--store '" + given + "' is not a store overhead can use: give a file path, or a"
                        + " sqlite:PATH or file: URL.",
                cause);
    }
}
