package dev.overhead.interop;

/**
 * A file that cannot be read as the format it claims to be, or as any format overhead knows. The
 * message is one sentence a user can act on and names the file (and the line, where there is one).
 */
public final class FormatException extends RuntimeException {
    public FormatException(String message) {
        super(message);
    }

    public FormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
