package dev.overhead.study;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C or SIGTERM during a study: kill the run in flight (its own process group, so the terminal's
 * SIGINT does not reach it), keep what was measured, and let the study end as interrupted, with the
 * exit code a shell expects of a process ended by that signal: 130 for SIGINT, 143 for SIGTERM.
 * The handler is installed as soon as a study command starts, so an interrupt while the machine
 * is being probed is not lost either. The JDK has no public API for a signal handler;
 * sun.misc.Signal (module jdk.unsupported) is the supported way to replace the default of
 * exiting at once.
 */
public final class Interrupts {
    private static final Signal INT = new Signal("INT");
    private static final Signal TERM = new Signal("TERM");
    private static SignalHandler previousInt;
    private static SignalHandler previousTerm;
    private static Runnable action;
    private static boolean early;
    private static int received; // the signal number that came, 0 while none has

    private Interrupts() {}

    /** From now on an interrupt is remembered rather than fatal. */
    public static synchronized void arm() {
        early = false;
        action = null;
        received = 0;
        try {
            previousInt = Signal.handle(INT, Interrupts::fire);
            previousTerm = Signal.handle(TERM, Interrupts::fire);
        } catch (IllegalArgumentException e) {
            previousInt = null; // signals not available (e.g. -Xrs): Ctrl-C ends the JVM as usual
        }
    }

    /** Gives the interrupt to {@code cancel}; false if one came already (then nothing should start). */
    public static synchronized boolean handOver(Runnable cancel) {
        action = cancel;
        return !early;
    }

    /** The exit code for the signal that came (128 + its number), or 0 if none did. */
    public static synchronized int exitCode() {
        return received == 0 ? 0 : 128 + received;
    }

    private static synchronized void fire(Signal signal) {
        if (received == 0) {
            received = signal.getNumber();
        }
        if (action != null) {
            action.run();
        } else {
            early = true;
        }
    }

    public static synchronized void reset() {
        if (previousInt != null) {
            Signal.handle(INT, previousInt);
            Signal.handle(TERM, previousTerm);
            previousInt = null;
        }
        action = null;
    }
}
