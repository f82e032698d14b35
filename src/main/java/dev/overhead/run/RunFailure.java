package dev.overhead.run;

/** A run failed and the study stops (no --ignore-failure), or a command could not start. */
public class RunFailure extends RuntimeException {
    public RunFailure(String message) {
        super(message);
    }

    public RunFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
