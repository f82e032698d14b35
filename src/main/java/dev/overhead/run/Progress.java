package dev.overhead.run;

import dev.overhead.model.StudyResult;
import java.time.Duration;
import java.util.function.LongSupplier;

/** Counts runs and time for the progress line: done, planned, elapsed and an estimate of what is left. */
final class Progress {
    private final LongSupplier nanoClock;
    private final long startNanos;
    private final int planned;
    private final int doneBefore;
    private int done;
    private long measuredNanos;

    Progress(StudySpec spec, StudyResult resumeFrom, LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
        this.planned = spec.workloads().size()
                * spec.variants().size()
                * spec.settings().plannedMax();
        this.doneBefore = resumeFrom == null
                ? 0
                : (int) resumeFrom.workloads().stream()
                        .flatMap(w -> w.variants().stream())
                        .mapToLong(v -> v.runs().size())
                        .sum();
        this.done = doneBefore;
    }

    int nextSequence() {
        return done;
    }

    void runEnded() {
        done++;
        measuredNanos = nanoClock.getAsLong() - startNanos;
    }

    int done() {
        return done;
    }

    int planned() {
        return Math.max(planned, done);
    }

    Duration elapsed() {
        return Duration.ofNanos(nanoClock.getAsLong() - startNanos);
    }

    /** Time left if every planned run is taken, at the pace seen so far in this session. */
    Duration estimatedLeft() {
        int doneHere = done - doneBefore;
        if (doneHere == 0) {
            return null;
        }
        return Duration.ofNanos(measuredNanos / doneHere * (planned() - done));
    }
}
