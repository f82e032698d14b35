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
    private static final Signal ALRM = new Signal("ALRM");
    private static final int SIGQUIT = 3;
    private static SignalHandler previousInt;
    private static SignalHandler previousTerm;
    private static SignalHandler previousAlrm;
    /** The JVM's own SIGQUIT handler while ours is in place (null: ours is not). */
    private static java.lang.foreign.MemorySegment previousQuit;

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
        quitLikeTerm();
    }

    /**
     * SIGQUIT (Ctrl-\) as SIGTERM (docs/reliability.md, issue 33 case 3). HotSpot keeps SIGQUIT for its
     * thread dump and refuses a Java handler for it, and {@code -Xrs}, which frees it, also takes INT and
     * TERM away from {@code sun.misc.Signal}. A native handler must be async-signal-safe, which an upcall
     * into Java is not; so libc's {@code alarm} itself is installed as the handler (through the Foreign
     * Function API): called with the signal's number, {@code alarm(3)} asks for a SIGALRM in 3 seconds,
     * and SIGALRM, free for Java, ends the study as SIGTERM does (exit 143). Ctrl-\ therefore stops a
     * study within 3 s and prints no dump. Where libc or the call is not there, SIGQUIT stays the JVM's.
     */
    private static void quitLikeTerm() {
        try {
            previousAlrm = Signal.handle(ALRM, signal -> fire(TERM));
            java.lang.foreign.Linker linker = java.lang.foreign.Linker.nativeLinker();
            var lookup = linker.defaultLookup();
            java.lang.invoke.MethodHandle signal = linker.downcallHandle(
                    lookup.find("signal").orElseThrow(),
                    java.lang.foreign.FunctionDescriptor.of(
                            java.lang.foreign.ValueLayout.ADDRESS,
                            java.lang.foreign.ValueLayout.JAVA_INT,
                            java.lang.foreign.ValueLayout.ADDRESS));
            previousQuit = (java.lang.foreign.MemorySegment)
                    signal.invokeExact(SIGQUIT, lookup.find("alarm").orElseThrow());
        } catch (Throwable e) {
            previousQuit = null; // SIGQUIT stays the JVM's: a dump the launchers keep off the user's streams
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
        if (previousQuit != null) {
            try {
                java.lang.foreign.Linker linker = java.lang.foreign.Linker.nativeLinker();
                java.lang.invoke.MethodHandle signal = linker.downcallHandle(
                        linker.defaultLookup().find("signal").orElseThrow(),
                        java.lang.foreign.FunctionDescriptor.of(
                                java.lang.foreign.ValueLayout.ADDRESS,
                                java.lang.foreign.ValueLayout.JAVA_INT,
                                java.lang.foreign.ValueLayout.ADDRESS));
                var ignored = (java.lang.foreign.MemorySegment) signal.invokeExact(SIGQUIT, previousQuit);
                // and an alarm a late Ctrl-\ asked for is cancelled: its default would end the process
                int left = (int) linker.downcallHandle(
                                linker.defaultLookup().find("alarm").orElseThrow(),
                                java.lang.foreign.FunctionDescriptor.of(
                                        java.lang.foreign.ValueLayout.JAVA_INT, java.lang.foreign.ValueLayout.JAVA_INT))
                        .invokeExact(0);
            } catch (Throwable e) {
                // the process ends next; SIGQUIT keeps asking for an alarm until then, which is harmless
            }
            previousQuit = null;
        }
        if (previousAlrm != null) {
            Signal.handle(ALRM, previousAlrm);
            previousAlrm = null;
        }
        action = null;
    }
}
