package dev.overhead.exec;

/** A command could not be started at all (not found, not executable), or the executor broke. */
public class ExecException extends Exception {
    public ExecException(String message) {
        super(message);
    }

    public ExecException(String message, Throwable cause) {
        super(message, cause);
    }
}
