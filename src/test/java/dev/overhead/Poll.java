package dev.overhead;

import java.time.Duration;

/**
 * Waiting in tests: check a condition every few milliseconds until it holds or a deadline passes,
 * instead of sleeping a fixed time that is too long on a quiet machine and too short on a busy one.
 */
public final class Poll {
    private Poll() {}

    /** A condition that may throw, as file and process checks do. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    private static final long STEP_MS = 10;

    /** True as soon as {@code condition} holds; false if it still does not when {@code timeout} has passed. */
    public static boolean until(Duration timeout, Condition condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (condition.holds()) {
                return true;
            }
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(STEP_MS);
        }
    }
}
