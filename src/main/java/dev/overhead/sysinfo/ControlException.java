package dev.overhead.sysinfo;

/**
 * A control the user asked for cannot be applied; the message is one sentence saying what to do.
 * The cli turns it into its own error with {@link #usage()} deciding the exit code (2 when the
 * command line is wrong, 1 when the machine refuses).
 */
public final class ControlException extends RuntimeException {
    private final boolean usage;

    public ControlException(String message, boolean usage) {
        super(message);
        this.usage = usage;
    }

    public ControlException(String message, Throwable cause) {
        super(message, cause);
        this.usage = false;
    }

    /** True when the option's value is wrong (exit 2), false when the machine refuses it (exit 1). */
    public boolean usage() {
        return usage;
    }
}
