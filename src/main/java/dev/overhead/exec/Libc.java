package dev.overhead.exec;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * The few libc calls the FFM executor needs (glibc, x86-64 and aarch64 Linux), with sizes and
 * constants checked against the headers (docs/architecture.md, "Measuring a run": rusage is 144 bytes, fields at fixed
 * offsets). Opaque structs get generous room, since only libc reads them.
 */
final class Libc {
    static final long SPAWN_ATTR_SIZE = 1024;
    static final long FILE_ACTIONS_SIZE = 1024;
    static final long SIGSET_SIZE = 128;
    static final long RUSAGE_SIZE = 144;

    static final short POSIX_SPAWN_SETPGROUP = 0x02;
    static final short POSIX_SPAWN_SETSIGDEF = 0x04;
    static final short POSIX_SPAWN_SETSIGMASK = 0x08;
    static final int O_RDONLY = 0,
            O_WRONLY = 1,
            O_CREAT = 0100,
            O_APPEND = 02000,
            O_NONBLOCK = 04000,
            O_CLOEXEC = 02000000;
    static final int EINTR = 4, EAGAIN = 11;
    static final int WNOHANG = 1;
    static final short POLLIN = 1;
    static final int SIGKILL = 9, SIGTERM = 15;
    static final long SYS_PIDFD_OPEN = 434;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final MemoryLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    static final MethodHandle POSIX_SPAWNP =
            fn("posix_spawnp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle FA_INIT = fn("posix_spawn_file_actions_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle FA_DESTROY =
            fn("posix_spawn_file_actions_destroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle FA_ADDOPEN = fn(
            "posix_spawn_file_actions_addopen",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    static final MethodHandle FA_ADDDUP2 =
            fn("posix_spawn_file_actions_adddup2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    static final MethodHandle FA_ADDCLOSEFROM =
            fn("posix_spawn_file_actions_addclosefrom_np", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle FA_ADDCHDIR =
            fn("posix_spawn_file_actions_addchdir_np", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle ATTR_INIT = fn("posix_spawnattr_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle ATTR_DESTROY = fn("posix_spawnattr_destroy", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle ATTR_SETFLAGS =
            fn("posix_spawnattr_setflags", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_SHORT));
    static final MethodHandle ATTR_SETPGROUP =
            fn("posix_spawnattr_setpgroup", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle ATTR_SETSIGMASK =
            fn("posix_spawnattr_setsigmask", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle ATTR_SETSIGDEFAULT =
            fn("posix_spawnattr_setsigdefault", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle SIGEMPTYSET = fn("sigemptyset", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle SIGFILLSET = fn("sigfillset", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle WAIT4 =
            errnoFn("wait4", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
    static final MethodHandle KILL = fn("kill", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    static final MethodHandle PIPE2 = errnoFn("pipe2", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle READ = errnoFn("read", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    static final MethodHandle CLOSE = fn("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    static final MethodHandle POLL = errnoFn("poll", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    static final MethodHandle STRERROR = fn("strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    static final MethodHandle PIDFD_OPEN = LINKER.downcallHandle(
            LINKER.defaultLookup().find("syscall").orElseThrow(),
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT),
            Linker.Option.firstVariadicArg(1));

    private Libc() {}

    private static MethodHandle fn(String name, FunctionDescriptor fd) {
        return LINKER.downcallHandle(
                LINKER.defaultLookup().find(name).orElseThrow(() -> new UnsatisfiedLinkError("libc has no " + name)),
                fd);
    }

    private static MethodHandle errnoFn(String name, FunctionDescriptor fd) {
        return LINKER.downcallHandle(
                LINKER.defaultLookup().find(name).orElseThrow(() -> new UnsatisfiedLinkError("libc has no " + name)),
                fd,
                Linker.Option.captureCallState("errno"));
    }

    static MemorySegment errnoState(Arena arena) {
        return arena.allocate(CAPTURE);
    }

    static int errno(MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }

    static String strerror(int errno) {
        try {
            return ((MemorySegment) STRERROR.invokeExact(errno))
                    .reinterpret(256)
                    .getString(0);
        } catch (Throwable t) {
            return "error " + errno;
        }
    }

    /** A NULL-terminated array of C strings, each the exact bytes of its argument ({@link ArgBytes}). */
    static MemorySegment cStrings(Arena arena, List<String> strings) {
        MemorySegment array = arena.allocate(ADDRESS, strings.size() + 1L);
        for (int i = 0; i < strings.size(); i++) {
            array.setAtIndex(ADDRESS, i, cString(arena, strings.get(i)));
        }
        array.setAtIndex(ADDRESS, strings.size(), MemorySegment.NULL);
        return array;
    }

    /** A C string of the exact bytes of {@code s} ({@link ArgBytes}), not its UTF-8 with replacements. */
    static MemorySegment cString(Arena arena, String s) {
        byte[] b = ArgBytes.encode(s);
        MemorySegment c = arena.allocate(b.length + 1L);
        MemorySegment.copy(b, 0, c, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, b.length);
        c.set(java.lang.foreign.ValueLayout.JAVA_BYTE, b.length, (byte) 0);
        return c;
    }

    static void check(String what, int rc) throws ExecException {
        if (rc != 0) {
            throw new ExecException("posix_spawn set-up failed at " + what + " (error " + rc + ")");
        }
    }
}
