package dev.overhead.study;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/** Whether a file descriptor is a terminal, by libc's isatty (the JDK only tells about stdin/stdout). */
public final class Terminal {
    private Terminal() {}

    public static boolean isTerminal(int fd) {
        try {
            Linker linker = Linker.nativeLinker();
            MethodHandle isatty = linker.downcallHandle(
                    linker.defaultLookup().find("isatty").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            return (int) isatty.invokeExact(fd) == 1;
        } catch (Throwable e) {
            return false;
        }
    }

    /** Terminal width from $COLUMNS, else 80. */
    public static int width() {
        try {
            return Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "80"));
        } catch (NumberFormatException e) {
            return 80;
        }
    }
}
