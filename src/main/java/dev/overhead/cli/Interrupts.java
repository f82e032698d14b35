package dev.overhead.cli;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C during a study: kill the run in flight (its own process group, so the terminal's SIGINT
 * does not reach it), keep what was measured, and let the study end as interrupted (exit 130).
 * The JDK has no public API for a signal handler; sun.misc.Signal (module jdk.unsupported) is the
 * supported way to replace the default of exiting at once.
 */
final class Interrupts {
    private static final Signal INT = new Signal("INT");
    private static SignalHandler previous;

    private Interrupts() {}

    static synchronized void onInterrupt(Runnable action) {
        try {
            previous = Signal.handle(INT, s -> action.run());
            Signal.handle(new Signal("TERM"), s -> action.run());
        } catch (IllegalArgumentException e) {
            previous = null; // signals not available (e.g. -Xrs): Ctrl-C ends the JVM as usual
        }
    }

    static synchronized void reset() {
        if (previous != null) {
            Signal.handle(INT, previous);
            previous = null;
        }
    }
}
