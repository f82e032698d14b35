package dev.overhead.plan;

import dev.overhead.model.RunOrder;
import dev.overhead.stats.Estimand;
import java.time.Duration;

/**
 * The run options a plan can set. Every field is nullable: null means "not set here", so the
 * command line can override a plan field by field ({@link #overriddenBy}) and the run loop applies
 * its defaults last.
 *
 * @param runs          exactly this many measured runs per variant (no adaptive stopping)
 * @param warmup        runs before measuring, not recorded
 * @param minRuns       lower bound for adaptive stopping
 * @param maxRuns       upper bound for adaptive stopping
 * @param timeBudget    stop adding runs after this long
 * @param thresholdPct  equivalence margin in percent (1.0 is ±1%)
 * @param confidence    confidence level, e.g. 0.95
 * @param primary       the metric adaptive stopping and the headline use
 * @param timeout       a run that takes longer is killed
 * @param shell         run commands through {@code /bin/sh -c}
 * @param failIfWorsePct exit 3 when a comparison is worse by more than this
 * @param counters      count instructions and cycles of each run where the CPU exposes them
 * @param precisionPct  adaptive stopping also waits until every primary interval is at most ±this wide
 * @param estimand      what the change of a measurement is (docs/statistics.md §2b)
 */
public record PlanOptions(
        Integer runs,
        Integer warmup,
        Integer minRuns,
        Integer maxRuns,
        Duration timeBudget,
        RunOrder order,
        Double thresholdPct,
        Double confidence,
        String primary,
        Duration timeout,
        Boolean shell,
        Boolean ignoreFailure,
        Double failIfWorsePct,
        Boolean counters,
        Double precisionPct,
        Estimand estimand) {

    public static final PlanOptions NONE = new PlanOptions(
            null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);

    /** These options with every field that {@code cli} sets replaced by the command line's value. */
    public PlanOptions overriddenBy(PlanOptions cli) {
        // An exact --runs on the command line ends adaptive bounds from the plan, and the reverse.
        boolean cliFixes = cli.runs != null;
        boolean cliAdapts = cli.minRuns != null || cli.maxRuns != null;
        return new PlanOptions(
                cliAdapts ? cli.runs : or(cli.runs, runs),
                or(cli.warmup, warmup),
                cliFixes ? cli.minRuns : or(cli.minRuns, minRuns),
                cliFixes ? cli.maxRuns : or(cli.maxRuns, maxRuns),
                or(cli.timeBudget, timeBudget),
                or(cli.order, order),
                or(cli.thresholdPct, thresholdPct),
                or(cli.confidence, confidence),
                or(cli.primary, primary),
                or(cli.timeout, timeout),
                or(cli.shell, shell),
                or(cli.ignoreFailure, ignoreFailure),
                or(cli.failIfWorsePct, failIfWorsePct),
                or(cli.counters, counters),
                // an exact --runs on the command line has no precision to wait for
                cliFixes ? cli.precisionPct : or(cli.precisionPct, precisionPct),
                or(cli.estimand, estimand));
    }

    private static <T> T or(T first, T second) {
        return first != null ? first : second;
    }
}
