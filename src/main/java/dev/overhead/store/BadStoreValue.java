package dev.overhead.store;

/** The {@code --store} value itself is wrong (not a path or URL overhead can use, a directory): a usage error. */
public final class BadStoreValue extends StoreException {
    public BadStoreValue(String message) {
        super(message, null);
    }

    public BadStoreValue(String message, Throwable cause) {
        super(message, cause);
    }
}
