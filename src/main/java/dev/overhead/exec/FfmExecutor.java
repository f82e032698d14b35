package dev.overhead.exec;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;

/**
 * The fallback where no C compiler exists: {@code posix_spawnp} and {@code wait4} called from the
 * JVM through FFM. CPU, faults, context switches and block I/O are exact, but the child's peak RSS
 * starts at the JVM's own high-water mark, so {@link #exactMaxRss()} is false and max RSS is only a
 * lower bound of nothing useful. posix_spawn cannot pin, renice or disable ASLR in the child, so
 * those are done by {@code taskset}, {@code nice} and {@code setarch -R} placed in front of the
 * command; they exec it in place, adding only their own tiny start-up to the figures.
 */
public final class FfmExecutor implements Executor {
    private static final long TERM_GRACE_NS = 500_000_000L;
    private static final int STDERR_TAIL = 4096;

    private final ReentrantLock runLock = new ReentrantLock();
    private final String whyFallback;
    private volatile int runningPid;
    private volatile boolean cancelled;

    public FfmExecutor() {
        this(null);
    }

    /** @param whyFallback why the forking helper is not used, for {@link #describe()}; null if chosen */
    public FfmExecutor(String whyFallback) {
        this.whyFallback = whyFallback;
    }

    @Override
    public ExecResult run(ExecRequest request) throws ExecException {
        runLock.lock();
        try (Arena arena = Arena.ofConfined()) {
            return spawnAndWait(request, arena);
        } catch (ExecException e) {
            throw e;
        } catch (Throwable t) {
            throw new ExecException(
                    "FFM posix_spawn failed for " + request.argv().getFirst() + ": " + t, t);
        } finally {
            runningPid = 0;
            runLock.unlock();
        }
    }

    private ExecResult spawnAndWait(ExecRequest r, Arena arena) throws Throwable {
        if (r.workDir() != null && !Files.isDirectory(r.workDir())) {
            throw StartErrors.of("chdir", StartErrors.ENOENT, "No such directory", r);
        }
        OutputStream fileOut = null;
        if (r.output() instanceof OutputPolicy.ToFile(Path f)) {
            try {
                fileOut = Files.newOutputStream(f, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw StartErrors.of("output file", 0, e.getMessage(), r);
            }
        }
        try {
            return spawnAndWait(r, arena, fileOut);
        } finally {
            if (fileOut != null) fileOut.close();
        }
    }

    private ExecResult spawnAndWait(ExecRequest r, Arena arena, OutputStream fileOut) throws Throwable {
        MemorySegment fa = arena.allocate(Libc.FILE_ACTIONS_SIZE, 16);
        MemorySegment attr = arena.allocate(Libc.SPAWN_ATTR_SIZE, 16);
        MemorySegment err = Libc.errnoState(arena);
        Libc.check("file_actions_init", (int) Libc.FA_INIT.invokeExact(fa));
        Libc.check("spawnattr_init", (int) Libc.ATTR_INIT.invokeExact(attr));
        int[] outPipe = null, errPipe = null;
        try {
            boolean pipeOut = r.captureBytes() > 0;
            boolean pipeErr = !(r.output() instanceof OutputPolicy.Inherit) || r.captureBytes() > 0;
            Libc.check("addopen stdin", (int)
                    Libc.FA_ADDOPEN.invokeExact(fa, 0, arena.allocateFrom("/dev/null"), Libc.O_RDONLY, 0));
            if (pipeOut) {
                outPipe = pipe(arena, err);
                Libc.check("dup2 stdout", (int) Libc.FA_ADDDUP2.invokeExact(fa, outPipe[1], 1));
            } else if (!(r.output() instanceof OutputPolicy.Inherit)) {
                String target = r.output() instanceof OutputPolicy.ToFile(Path f) ? f.toString() : "/dev/null";
                Libc.check("addopen stdout", (int) Libc.FA_ADDOPEN.invokeExact(
                        fa, 1, Libc.cString(arena, target), Libc.O_WRONLY | Libc.O_CREAT | Libc.O_APPEND, 0644));
            }
            if (pipeErr) {
                errPipe = pipe(arena, err);
                Libc.check("dup2 stderr", (int) Libc.FA_ADDDUP2.invokeExact(fa, errPipe[1], 2));
            }
            Libc.check("closefrom", (int) Libc.FA_ADDCLOSEFROM.invokeExact(fa, 3));
            if (r.workDir() != null) {
                Libc.check("chdir", (int) Libc.FA_ADDCHDIR.invokeExact(
                        fa, Libc.cString(arena, r.workDir().toString())));
            }
            MemorySegment empty = arena.allocate(Libc.SIGSET_SIZE, 8);
            MemorySegment full = arena.allocate(Libc.SIGSET_SIZE, 8);
            Libc.check("sigemptyset", (int) Libc.SIGEMPTYSET.invokeExact(empty));
            Libc.check("sigfillset", (int) Libc.SIGFILLSET.invokeExact(full));
            short flags =
                    (short) (Libc.POSIX_SPAWN_SETPGROUP | Libc.POSIX_SPAWN_SETSIGMASK | Libc.POSIX_SPAWN_SETSIGDEF);
            Libc.check("setflags", (int) Libc.ATTR_SETFLAGS.invokeExact(attr, flags));
            Libc.check("setpgroup", (int) Libc.ATTR_SETPGROUP.invokeExact(attr, 0));
            Libc.check("setsigmask", (int) Libc.ATTR_SETSIGMASK.invokeExact(attr, empty));
            Libc.check("setsigdefault", (int) Libc.ATTR_SETSIGDEFAULT.invokeExact(attr, full));

            MemorySegment argv = Libc.cStrings(arena, wrapped(r));
            var env = new HashMap<>(System.getenv());
            env.putAll(r.env());
            MemorySegment envp = Libc.cStrings(
                    arena,
                    env.entrySet().stream()
                            .map(e -> e.getKey() + "=" + e.getValue())
                            .collect(Collectors.toList()));
            MemorySegment pidOut = arena.allocate(JAVA_INT);
            cancelled = false;
            long t0 = System.nanoTime();
            int rc = (int) Libc.POSIX_SPAWNP.invokeExact(
                    pidOut, argv.getAtIndex(java.lang.foreign.ValueLayout.ADDRESS, 0), fa, attr, argv, envp);
            if (outPipe != null) close(outPipe[1]);
            if (errPipe != null) close(errPipe[1]);
            if (rc != 0) {
                throw StartErrors.of("exec", rc, Libc.strerror(rc), r);
            }
            int pid = pidOut.get(JAVA_INT, 0);
            runningPid = pid;
            if (cancelled) kill(pid, Libc.SIGKILL);
            OutputStream teeOut =
                    r.output() instanceof OutputPolicy.Inherit ? new FileOutputStream(FileDescriptor.out) : fileOut;
            OutputStream teeErr =
                    r.output() instanceof OutputPolicy.Inherit ? new FileOutputStream(FileDescriptor.err) : fileOut;
            var out = new FfmStream(outPipe == null ? -1 : outPipe[0], new TailBuffer(r.captureBytes()), teeOut);
            var errs = new FfmStream(
                    errPipe == null ? -1 : errPipe[0], new TailBuffer(Math.max(STDERR_TAIL, r.captureBytes())), teeErr);
            return waitFor(r, arena, err, pid, t0, out, errs);
        } finally {
            if (outPipe != null) close(outPipe[0]);
            if (errPipe != null) close(errPipe[0]);
            int ignored = (int) Libc.FA_DESTROY.invokeExact(fa);
            ignored = (int) Libc.ATTR_DESTROY.invokeExact(attr);
        }
    }

    private ExecResult waitFor(
            ExecRequest r, Arena arena, MemorySegment err, int pid, long t0, FfmStream out, FfmStream errs)
            throws Throwable {
        MemorySegment status = arena.allocate(JAVA_INT);
        MemorySegment ru = arena.allocate(Libc.RUSAGE_SIZE, 8);
        MemorySegment fds = arena.allocate(8L * 3, 8);
        MemorySegment buf = arena.allocate(65536);
        int pidfd = (int) (long) Libc.PIDFD_OPEN.invokeExact(Libc.SYS_PIDFD_OPEN, pid, 0);
        long deadline = r.timeout() == null ? -1 : t0 + r.timeout().toNanos();
        long killAt = -1;
        boolean timedOut = false;
        long t1;
        try {
            while (true) {
                int w = (int) Libc.WAIT4.invokeExact(err, pid, status, Libc.WNOHANG, ru);
                if (w == pid) {
                    t1 = System.nanoTime();
                    break;
                }
                if (w < 0 && Libc.errno(err) != Libc.EINTR) {
                    throw new ExecException("wait4 failed: " + Libc.strerror(Libc.errno(err)));
                }
                int n = 0;
                for (int fd : new int[] {pidfd, out.fd(), errs.fd()}) {
                    if (fd >= 0) {
                        fds.set(JAVA_INT, 8L * n, fd);
                        fds.set(JAVA_SHORT, 8L * n + 4, Libc.POLLIN);
                        fds.set(JAVA_SHORT, 8L * n + 6, (short) 0);
                        n++;
                    }
                }
                long next = killAt >= 0 ? killAt : deadline;
                int waitMs = next < 0 ? -1 : (int) Math.max(0, (next - System.nanoTime() + 999_999) / 1_000_000);
                if (pidfd < 0) waitMs = waitMs < 0 ? 1 : Math.min(waitMs, 1); // no pidfd: look again soon
                int ready = (int) Libc.POLL.invokeExact(err, fds, (long) n, waitMs);
                long now = System.nanoTime();
                if (deadline >= 0 && now >= deadline && !timedOut) {
                    kill(pid, Libc.SIGTERM);
                    timedOut = true;
                    killAt = now + TERM_GRACE_NS;
                    deadline = -1;
                } else if (killAt >= 0 && now >= killAt) {
                    kill(pid, Libc.SIGKILL);
                    killAt = -1;
                }
                if (ready > 0) {
                    out = FfmStream.readIfReady(out, fds, n, buf, err);
                    errs = FfmStream.readIfReady(errs, fds, n, buf, err);
                }
            }
        } finally {
            if (pidfd >= 0) close(pidfd);
        }
        // Read what the command left in the pipes; a background child still holding them must not block.
        out = FfmStream.drainNow(out, fds, buf, err);
        errs = FfmStream.drainNow(errs, fds, buf, err);
        // What is left of its process group (`cmd &`) is killed, as the forking helper does; the leader
        // has been reaped, so the group id is the command's as long as anything of it remains.
        boolean stopped = timedOut || cancelled;
        boolean remained = (!r.keepGroup() || stopped) && kill(pid, Libc.SIGKILL) == 0;
        int st = status.get(JAVA_INT, 0);
        int termsig = st & 0x7f;
        boolean signaled = termsig != 0 && termsig != 0x7f;
        int exit = signaled ? 128 + termsig : (st >> 8) & 0xff;
        return new ExecResult(
                (t1 - t0) / 1e9,
                micros(ru, 0) / 1e6,
                micros(ru, 16) / 1e6,
                ru.get(JAVA_LONG, 32),
                false,
                ru.get(JAVA_LONG, 64),
                ru.get(JAVA_LONG, 72),
                ru.get(JAVA_LONG, 128),
                ru.get(JAVA_LONG, 136),
                ru.get(JAVA_LONG, 88),
                ru.get(JAVA_LONG, 96),
                exit,
                signaled ? termsig : null,
                timedOut,
                out.tail().toString(),
                errs.tail().toString(),
                countersAbsent(r),
                remained && !stopped,
                r.tree() ? treeAbsent() : ProcessTree.NONE);
    }

    /** The process tree is measured by the forking helper only. */
    private ProcessTree treeAbsent() {
        return new ProcessTree(
                java.util.Map.of(),
                "the process tree's figures (tree_mem, tree_cpu, tree_io_*, psi_*) are not measured: they need the"
                        + " forking helper, which is not in use here"
                        + (whyFallback == null ? "" : " (" + whyFallback + ")"));
    }

    /** This executor cannot open counters before the command's exec, so it counts none. */
    private static Counters countersAbsent(ExecRequest r) {
        return r.counters()
                ? new Counters(
                        java.util.Map.of(),
                        "hardware counters are not counted by the FFM"
                                + " executor; the forking helper counts them, and it needs a C compiler")
                : Counters.NONE;
    }

    private static long micros(MemorySegment ru, long offset) {
        return ru.get(JAVA_LONG, offset) * 1_000_000 + ru.get(JAVA_LONG, offset + 8);
    }

    /** The command with the wrappers that do what posix_spawn cannot. */
    static List<String> wrapped(ExecRequest r) {
        var argv = new ArrayList<String>();
        if (!r.cpus().isEmpty()) {
            argv.addAll(List.of(
                    "taskset", "-c", r.cpus().stream().map(String::valueOf).collect(Collectors.joining(","))));
        }
        if (r.nice() != null) argv.addAll(List.of("nice", "-n", String.valueOf(r.nice())));
        if (r.noAslr()) argv.addAll(List.of("setarch", "-R"));
        argv.addAll(r.argv());
        return argv;
    }

    private static int[] pipe(Arena arena, MemorySegment err) throws Throwable {
        MemorySegment fds = arena.allocate(JAVA_INT, 2);
        if ((int) Libc.PIPE2.invokeExact(err, fds, Libc.O_CLOEXEC) != 0) {
            throw new ExecException("pipe2 failed: " + Libc.strerror(Libc.errno(err)));
        }
        return new int[] {fds.getAtIndex(JAVA_INT, 0), fds.getAtIndex(JAVA_INT, 1)};
    }

    static void close(int fd) {
        try {
            int ignored = (int) Libc.CLOSE.invokeExact(fd);
        } catch (Throwable ignored) {
            // nothing to do about a failed close
        }
    }

    /** Signals the process group {@code pid}; 0 if any process of it was there to signal. */
    private static int kill(int pid, int sig) {
        try {
            return (int) Libc.KILL.invokeExact(-pid, sig);
        } catch (Throwable ignored) {
            return -1; // the group is already gone
        }
    }

    @Override
    public void cancel() {
        cancelled = true;
        int pid = runningPid;
        if (pid > 0) kill(pid, Libc.SIGKILL);
    }

    @Override
    public String describe() {
        return whyFallback == null ? "FFM posix_spawn" : "FFM posix_spawn (" + whyFallback + ")";
    }

    @Override
    public boolean exactMaxRss() {
        return false;
    }

    @Override
    public void close() {
        cancel();
    }
}
