package dev.overhead.exec;

/**
 * The operating system behind one seam (docs/architecture.md, "Measuring a run"): the real
 * executor measures, a fake one answers instantly and exactly, so end-to-end tests can assert exact
 * output.
 */
public interface Executor extends AutoCloseable {

    /** Runs one command to its end and returns what it measured. */
    ExecResult run(ExecRequest request) throws ExecException;

    /** Kills the process group of the run in flight, if any (Ctrl-C); {@link #run} then returns. */
    void cancel();

    /** A short name for reports, e.g. "forking helper (C)" or "FFM posix_spawn". */
    String describe();

    /** Whether peak RSS figures are the command's own. */
    boolean exactMaxRss();

    @Override
    void close();
}
