package dev.overhead.store;

/** The store could not be opened, read or written; the message says which file and what to do. */
public class StoreException extends Exception {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
