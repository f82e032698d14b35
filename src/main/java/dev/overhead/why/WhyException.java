package dev.overhead.why;

/** A profile that could not be taken: one sentence saying what failed and what to do. */
public final class WhyException extends RuntimeException {
    public WhyException(String message) {
        super(message);
    }

    public WhyException(String message, Throwable cause) {
        super(message, cause);
    }
}
