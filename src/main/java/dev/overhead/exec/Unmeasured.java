package dev.overhead.exec;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A command overhead runs for itself, outside any measurement: the probes of the machine, git, ldd, perf script,
 * sync, a boot's identify line, qemu. The one place where such a command is started, given its input, read, timed
 * out and refused (docs/architecture.md, "Commands overhead runs for itself"); a measured command goes through an
 * {@link Executor}; a build is started here too, by {@link BuildShell}, which adds Ctrl-C and no timeout of ours.
 *
 * <p>Standard input is {@code /dev/null} unless the caller says otherwise. Captured output is read while the command
 * runs, stdout and stderr each on a thread of its own, so neither pipe can fill and stall it. At its timeout the
 * command and every process under it are killed, and what it wrote until then is kept. A command that cannot be
 * started at all (not installed, not executable) is {@link NotStarted}, with a sentence that names the program.
 */
public final class Unmeasured {
    /** What becomes of one of the command's output streams. */
    public enum Output {
        /** Kept, and given back in the {@link Result}. */
        CAPTURE,
        /** stderr only: into stdout, in the order written. */
        MERGE,
        DISCARD,
        /** To overhead's own stream of the same name, as the user would see it. */
        INHERIT,
        /** stdout only: read by the caller from {@link Running#stdout()}, as it comes. */
        STREAM
    }

    /** How long a reader may go on after the command ended: a daemon it left behind may hold the pipe open. */
    private static final Duration DRAIN_AFTER_EXIT = Duration.ofSeconds(2);

    private final List<String> argv;
    private Path dir;
    private final Map<String, String> env = new LinkedHashMap<>();
    private Duration timeout = Duration.ofSeconds(60);
    private Output stdout = Output.CAPTURE;
    private Output stderr = Output.CAPTURE;
    private Path outputFile;
    private boolean inheritStdin;

    private Unmeasured(List<String> argv) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a command needs a program");
        }
        this.argv = List.copyOf(argv);
    }

    public static Unmeasured of(List<String> argv) {
        return new Unmeasured(argv);
    }

    public static Unmeasured of(String... argv) {
        return new Unmeasured(List.of(argv));
    }

    /** The working directory (default: overhead's own). */
    public Unmeasured in(Path directory) {
        dir = directory;
        return this;
    }

    /** Variables set on top of overhead's own environment. */
    public Unmeasured env(Map<String, String> vars) {
        env.putAll(vars);
        return this;
    }

    public Unmeasured env(String name, String value) {
        env.put(name, value);
        return this;
    }

    /** How long {@link #run()} waits before it kills the command (default 60 s). */
    public Unmeasured timeout(Duration limit) {
        timeout = limit;
        return this;
    }

    public Unmeasured stdout(Output what) {
        if (what == Output.MERGE) {
            throw new IllegalArgumentException("only stderr merges into stdout");
        }
        stdout = what;
        return this;
    }

    public Unmeasured stderr(Output what) {
        if (what == Output.STREAM) {
            throw new IllegalArgumentException("only stdout is streamed; merge stderr into it");
        }
        stderr = what;
        return this;
    }

    /** Both output streams into this file (a long-running command's log, qemu's). */
    public Unmeasured outputTo(Path file) {
        outputFile = file;
        return this;
    }

    /** Standard input is overhead's own, for a command the user may have to answer (sync, a boot's unit). */
    public Unmeasured inheritInput() {
        inheritStdin = true;
        return this;
    }

    /** Runs the command to its end or its timeout. */
    public Result run() throws NotStarted, InterruptedException {
        try (Running running = start()) {
            return running.await(timeout);
        }
    }

    /** Starts the command; the caller waits for it ({@link Running#await}) or stops it ({@link Running#close}). */
    public Running start() throws NotStarted {
        ProcessBuilder pb = new ProcessBuilder(argv);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        pb.environment().putAll(env);
        pb.redirectInput(
                inheritStdin ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.from(new File("/dev/null")));
        if (outputFile != null) {
            pb.redirectOutput(outputFile.toFile()).redirectErrorStream(true);
        } else {
            pb.redirectOutput(redirect(stdout));
            if (stderr == Output.MERGE) {
                pb.redirectErrorStream(true);
            } else {
                pb.redirectError(redirect(stderr));
            }
        }
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new NotStarted(argv.getFirst(), e);
        }
        boolean readOut = outputFile == null && stdout == Output.CAPTURE;
        boolean readErr = outputFile == null && stderr == Output.CAPTURE;
        return new Running(
                process,
                readOut ? Reader.start(process.getInputStream()) : null,
                readErr ? Reader.start(process.getErrorStream()) : null);
    }

    private static ProcessBuilder.Redirect redirect(Output o) {
        return switch (o) {
            case CAPTURE, STREAM, MERGE -> ProcessBuilder.Redirect.PIPE;
            case DISCARD -> ProcessBuilder.Redirect.DISCARD;
            case INHERIT -> ProcessBuilder.Redirect.INHERIT;
        };
    }

    /** Kills a process and every process under it, at once (SIGKILL). */
    public static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** A command that has been started. */
    public static final class Running implements AutoCloseable {
        private final Process process;
        private final Reader out;
        private final Reader err;

        private Running(Process process, Reader out, Reader err) {
            this.process = process;
            this.out = out;
            this.err = err;
        }

        public Process process() {
            return process;
        }

        /** The command's stdout as it writes it ({@link Output#STREAM}). */
        public InputStream stdout() {
            return process.getInputStream();
        }

        /**
         * Waits for the command's end, at most {@code limit}; past it the command and its children are killed and
         * the result says it timed out. Interrupted, the command is killed too.
         */
        public Result await(Duration limit) throws InterruptedException {
            boolean ended;
            try {
                ended = process.waitFor(limit.toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                kill(process);
                throw e;
            }
            if (!ended) {
                kill(process);
                process.waitFor(DRAIN_AFTER_EXIT.toMillis(), TimeUnit.MILLISECONDS);
            }
            String o = out == null ? "" : out.text();
            String e = err == null ? "" : err.text();
            return new Result(ended ? process.exitValue() : -1, o, e, !ended);
        }

        /** Kills the command and its children if they still run. */
        @Override
        public void close() {
            if (process.isAlive() || process.descendants().findAny().isPresent()) {
                kill(process);
            }
        }
    }

    /**
     * What a command did: its exit code (-1 when it timed out), what it wrote (stderr is empty when merged into
     * stdout, discarded or inherited) and whether it was killed at its timeout.
     */
    public record Result(int exitCode, String stdout, String stderr, boolean timedOut) {
        public boolean succeeded() {
            return !timedOut && exitCode == 0;
        }

        /** The last line the command wrote on stderr, or on stdout when stderr was merged; "" when none. */
        public String lastErrorLine() {
            String text = stderr.isBlank() ? stdout : stderr;
            return text.strip().lines().reduce((a, b) -> b).orElse("").strip();
        }
    }

    /** A command that could not be started: its program is missing or cannot be run. */
    public static final class NotStarted extends IOException {
        private final String program;

        NotStarted(String program, IOException cause) {
            super(program + " could not be started (" + reason(cause) + ")", cause);
            this.program = program;
        }

        public String program() {
            return program;
        }

        /** The system's words (JDK 25: {@code Cannot run program "x": Exec failed, error: 2 (No such file or directory)}). */
        private static String reason(IOException e) {
            String m = String.valueOf(e.getMessage()).strip();
            int open = m.lastIndexOf('(');
            int close = m.lastIndexOf(')');
            return open >= 0 && close > open ? m.substring(open + 1, close) : m;
        }
    }

    /** Reads one stream to its end on a thread of its own; what it read so far can be taken at any time. */
    private static final class Reader implements Runnable {
        private final InputStream in;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final Thread thread;

        private Reader(InputStream in) {
            this.in = in;
            this.thread = Thread.ofVirtual().name("overhead-unmeasured-reader").unstarted(this);
        }

        static Reader start(InputStream in) {
            Reader r = new Reader(in);
            r.thread.start();
            return r;
        }

        @Override
        public void run() {
            byte[] buffer = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    synchronized (bytes) {
                        bytes.write(buffer, 0, n);
                    }
                }
            } catch (IOException e) {
                // the pipe was closed under the reader: what came before is kept
            }
        }

        /** All the stream held, or what came within a short wait when something left behind keeps it open. */
        String text() throws InterruptedException {
            thread.join(DRAIN_AFTER_EXIT);
            synchronized (bytes) {
                return bytes.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
