package dev.overhead.study;

import dev.overhead.report.ProgressLine;
import dev.overhead.run.Listener;
import dev.overhead.stats.Verdict;
import java.io.PrintWriter;
import java.time.Duration;

/** One live line on stderr, rewritten after every run; only when stderr is a terminal. */
public final class TerminalProgress implements Listener {
    private final PrintWriter err;
    private final int width;
    private boolean drawn;

    public TerminalProgress(PrintWriter err, int width) {
        this.err = err;
        this.width = width;
    }

    @Override
    public void runEnded(
            String workload,
            String variant,
            int index,
            int done,
            int planned,
            Duration elapsed,
            Duration estimatedLeft,
            double spreadPct,
            Verdict verdict,
            double[] intervalPct) {
        String line = ProgressLine.render(
                workload + " / " + variant,
                done,
                planned,
                elapsed,
                estimatedLeft,
                spreadPct,
                verdict,
                intervalPct,
                width - 1,
                false);
        SafeText.printRaw(err, "\r\033[2K");
        err.print(line);
        err.flush();
        drawn = true;
    }

    @Override
    public void note(String sentence) {
        clear();
        err.println("overhead: " + sentence);
        err.flush();
    }

    @Override
    public void finished() {
        clear();
    }

    private void clear() {
        if (drawn) {
            SafeText.printRaw(err, "\r\033[2K");
            err.flush();
            drawn = false;
        }
    }
}
