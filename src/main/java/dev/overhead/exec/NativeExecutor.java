package dev.overhead.exec;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs commands through the forking helper (src/main/c/overhead-spawner.c): a small process started
 * once, which forks each command, so peak RSS is the command's own, and which times the run itself
 * with CLOCK_MONOTONIC around fork and wait4, so JVM pauses cannot inflate the wall time.
 * One run at a time; {@link #cancel} may be called from any thread.
 */
public final class NativeExecutor implements Executor {
    private static final long ACCEPT_TIMEOUT_MS = 10_000;
    /** Tries of a run that failed for a shortage before anything started (no pipe, no fork). */
    private static final int RETRIES = 3;

    private final Process helper;
    private final SocketChannel channel;
    private final ReentrantLock runLock = new ReentrantLock();
    private final ReentrantLock writeLock = new ReentrantLock();
    /** The helper's replies, read from {@link #channel}. */
    private final WireCodec.Replies replies;

    private volatile boolean broken;
    /** The watchdog of the run in flight: wakes or ends a helper that stopped answering. */
    private final Watchdog watchdog;

    private NativeExecutor(Process helper, SocketChannel channel) {
        this.helper = helper;
        this.channel = channel;
        this.replies = new WireCodec.Replies(channel);
        this.watchdog = new Watchdog(helper);
    }

    /** Builds the helper if needed (a C compiler must exist), starts it and connects to it. */
    public static NativeExecutor start() throws ExecException {
        return start(NativeHelper.binary());
    }

    /**
     * Talks to a helper started elsewhere over {@code channel}: one in a virtual machine, whose serial
     * port {@code owner} (qemu) carries the protocol (package {@code dev.overhead.vm}). Closing the
     * executor sends quit, closes the channel and waits for {@code owner} as for a local helper.
     */
    public static NativeExecutor attached(Process owner, SocketChannel channel) {
        return new NativeExecutor(owner, channel);
    }

    /** overhead's cache folder ({@code $XDG_CACHE_HOME/overhead}, else {@code ~/.cache/overhead}). */
    public static Path cacheDir() {
        return NativeHelper.cacheDir();
    }

    /** The helper linked statically, for a guest that has no C library of its own (built on first use). */
    public static Path staticHelper() throws ExecException {
        return NativeHelper.binary(true);
    }

    /** Starts a given build of the helper (tests build one that counts software clocks). */
    static NativeExecutor start(Path binary) throws ExecException {
        return start(binary, Map.of());
    }

    /** With variables added to the helper's environment (tests put it on a fake cgroupfs: overhead-tree.c). */
    static NativeExecutor start(Path binary, Map<String, String> env) throws ExecException {
        Path dir = null;
        Path socket = null;
        try {
            dir = Files.createTempDirectory("overhead-");
            socket = dir.resolve("s");
            try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                server.bind(UnixDomainSocketAddress.of(socket));
                server.configureBlocking(false);
                // Its stdout and stderr are the JVM's, so output that is inherited reaches the terminal.
                ProcessBuilder builder = new ProcessBuilder(binary.toString(), socket.toString());
                builder.environment().putAll(env);
                Process p = builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
                long until = System.nanoTime() + ACCEPT_TIMEOUT_MS * 1_000_000;
                while (true) {
                    SocketChannel ch = server.accept();
                    if (ch != null) {
                        ch.configureBlocking(true);
                        return new NativeExecutor(p, ch);
                    }
                    if (!p.isAlive() || System.nanoTime() > until) {
                        p.destroyForcibly();
                        throw new ExecException("the forking helper " + binary + " did not start"
                                + (p.isAlive() ? "" : " (exit code " + p.exitValue() + ")"));
                    }
                    Thread.sleep(1);
                }
            }
        } catch (IOException e) {
            throw new ExecException("cannot start the forking helper: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while starting the forking helper", e);
        } finally {
            try {
                if (socket != null) Files.deleteIfExists(socket);
                if (dir != null) Files.deleteIfExists(dir);
            } catch (IOException ignored) {
                // a leftover empty temp dir is harmless
            }
        }
    }

    @Override
    public ExecResult run(ExecRequest request) throws ExecException {
        runLock.lock();
        try {
            if (broken) {
                throw new ExecException("the forking helper stopped earlier; cannot run "
                        + request.argv().getFirst());
            }
            byte[] encoded = WireCodec.encode(request);
            for (int attempt = 1; ; attempt++) {
                send(encoded);
                watchdog.started(request.timeout());
                try {
                    return decode(request);
                } catch (Shortage shortage) {
                    if (attempt == RETRIES) {
                        throw shortage.failure();
                    }
                    pause(attempt);
                }
            }
        } catch (IOException e) {
            broken = true;
            String ended = watchdog.ended();
            if (ended != null) {
                throw new ExecException(
                        ended + " while running " + request.argv().getFirst() + "; the run is not"
                                + " recorded, and 'overhead resume' measures it again",
                        e);
            }
            throw new ExecException(
                    "the forking helper stopped unexpectedly while running "
                            + request.argv().getFirst() + ": " + e.getMessage(),
                    e);
        } finally {
            watchdog.finished();
            runLock.unlock();
        }
    }

    /**
     * The helper could not start the command for want of a resource (descriptors, processes,
     * memory); nothing ran, and the shortage may pass, so the run is tried again after a pause.
     */
    private static final class Shortage extends Exception {
        private final ExecException failure;

        Shortage(ExecException failure) {
            super(failure.getMessage(), null, false, false);
            this.failure = failure;
        }

        ExecException failure() {
            return failure;
        }
    }

    private static void pause(int attempt) throws ExecException {
        try {
            Thread.sleep(50L * attempt * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while waiting to try a run again", e);
        }
    }

    @Override
    public void cancel() {
        watchdog.cancelled();
        try {
            send(new byte[] {'C'});
        } catch (IOException ignored) {
            // the helper is gone, and the command with it
        }
    }

    /** The helper's process id, for tests that look at its memory. */
    long helperPid() {
        return helper.pid();
    }

    @Override
    public String describe() {
        return "forking helper (C)";
    }

    @Override
    public boolean exactMaxRss() {
        return true;
    }

    @Override
    public void close() {
        watchdog.close();
        try {
            send(new byte[] {'Q'});
            channel.close();
        } catch (IOException ignored) {
            // closing the socket is what ends the helper; it may already have ended
        }
        try {
            if (!helper.waitFor(2, java.util.concurrent.TimeUnit.SECONDS)) {
                helper.destroyForcibly();
            }
        } catch (InterruptedException e) {
            helper.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void send(byte[] bytes) throws IOException {
        writeLock.lock();
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) {
                channel.write(b);
            }
        } finally {
            writeLock.unlock();
        }
    }

    private ExecResult decode(ExecRequest request) throws IOException, ExecException, Shortage {
        return switch (replies.next()) {
            case WireCodec.Measured m -> m.result();
            case WireCodec.NotStarted n -> {
                ExecException failure = StartErrors.of(n.stage(), n.errno(), n.reason(), request);
                if (StartErrors.isShortage(n.stage())) {
                    throw new Shortage(failure);
                }
                throw failure;
            }
        };
    }
}
