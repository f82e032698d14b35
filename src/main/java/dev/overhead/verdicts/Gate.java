package dev.overhead.verdicts;

import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CI gate ({@code --fail-if-worse [METRIC:]PCT}): trips where a comparison's whole interval lies beyond PCT on
 * the worse side. {@code metric} null means the primary metric. One rule for a study's rows, a submission's pooled
 * rows and the JUnit report's failures.
 */
public record Gate(String metric, double pct) {

    /** Where a gate tripped, in one sentence. */
    public record Trip(
            String workload, String candidate, String baseline, String metric, double low, double high, double pct) {
        public String sentence() {
            return String.format(
                    Locale.ROOT,
                    "%s is worse than %s on %s/%s: its whole interval [%+.1f%%, %+.1f%%] lies beyond %.1f%%",
                    candidate,
                    baseline,
                    workload,
                    metric,
                    low,
                    high,
                    pct);
        }
    }

    /** Whether this gate applies to {@code metric}, given the primary metric of its workload. */
    public boolean covers(String metric, String primary) {
        return this.metric == null ? metric.equals(primary) : this.metric.equals(metric);
    }

    /** Whether an interval in percent trips this gate: its end nearest to "no change" lies beyond PCT, worse side. */
    public boolean trips(double lowPct, double highPct, Direction better) {
        double nearest = better == Direction.LOWER ? lowPct : -highPct;
        return Double.isFinite(nearest) && nearest > pct;
    }

    public boolean trips(Comparison c) {
        return trips(c.ciLowPct(), c.ciHighPct(), c.better());
    }

    /** The gates a pooled submission trips (its rows are on the primary metric: gates of other metrics cannot apply). */
    public static List<Trip> check(PooledSubmission s, List<Gate> gates) {
        List<Trip> out = new ArrayList<>();
        for (PooledSubmission.PooledRow r : s.pooled()) {
            for (Gate g : gates) {
                var p = r.pooled();
                if (g.covers(r.metric(), s.primary())
                        && g.trips(p.ciLowPct(), p.ciHighPct(), r.any().better())) {
                    out.add(new Trip(
                            r.workload(),
                            r.candidate(),
                            r.baseline(),
                            r.metric(),
                            p.ciLowPct(),
                            p.ciHighPct(),
                            g.pct()));
                    break;
                }
            }
        }
        return out;
    }
}
