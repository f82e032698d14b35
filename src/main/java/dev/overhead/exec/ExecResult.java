package dev.overhead.exec;

/**
 * What one run of a command measured, for that command alone.
 *
 * @param maxRssExact false when peak RSS was read by a child of the JVM, which inherits the JVM's
 *                    high-water mark: then it is not the command's own figure
 * @param exitCode    exit status, or 128+N for signal N
 * @param signal      the signal that ended it, null if it exited
 * @param stdout      the last {@code captureBytes} of stdout (empty unless asked)
 * @param stderrTail  the last bytes of stderr, for error messages
 * @param counters    the CPU counters, when the request asked for them; {@link Counters#NONE} otherwise
 * @param leftBehind  the command left processes running in its process group when it ended
 *                    (started with {@code &}); they were killed
 * @param tree        the whole process tree's figures, when the request asked for them;
 *                    {@link ProcessTree#NONE} otherwise
 */
public record ExecResult(
        double wallS,
        double userS,
        double sysS,
        long maxRssKib,
        boolean maxRssExact,
        long minorFaults,
        long majorFaults,
        long voluntaryCs,
        long involuntaryCs,
        long fsInBlocks,
        long fsOutBlocks,
        int exitCode,
        Integer signal,
        boolean timedOut,
        String stdout,
        String stderrTail,
        Counters counters,
        boolean leftBehind,
        ProcessTree tree) {

    public ExecResult {
        counters = counters == null ? Counters.NONE : counters;
        tree = tree == null ? ProcessTree.NONE : tree;
    }
}
