package dev.overhead.study;

/**
 * A refusal: one or two sentences naming what is wrong and what to do (docs/cli.md, "Errors and
 * what is kept"). The exit code is 1 when the work failed, 2 when the command line is wrong.
 */
public class UserError extends RuntimeException {
    private final int exitCode;

    public UserError(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public UserError(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    public static UserError usage(String message) {
        return new UserError(2, message);
    }

    public static UserError failed(String message, Throwable cause) {
        return new UserError(1, message, cause);
    }
}
