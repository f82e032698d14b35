package dev.overhead.cli;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Verdict;
import java.io.PrintWriter;

/** {@code --fail-if-worse PCT}: exit 3 when a comparison is worse by more than PCT. */
final class FailIfWorse {
    private FailIfWorse() {}

    static int exitCode(StudyResult result, Double pct, PrintWriter err) {
        if (pct == null) {
            return 0;
        }
        for (ComparisonRow row : result.comparisons()) {
            var c = row.comparison();
            double worseBy = c.better() == Direction.LOWER ? c.changePct() : -c.changePct();
            if (c.verdict() == Verdict.WORSE && worseBy > pct) {
                err.printf(
                        java.util.Locale.ROOT,
                        "overhead: %s is worse than %s on %s/%s by %.1f%% (more than %s%%)%n",
                        row.candidate(),
                        row.baseline(),
                        row.workload(),
                        row.metric(),
                        worseBy,
                        pct);
                return 3;
            }
        }
        return 0;
    }
}
