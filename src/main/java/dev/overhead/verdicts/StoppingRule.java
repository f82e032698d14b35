package dev.overhead.verdicts;

import dev.overhead.model.Stop;
import dev.overhead.model.StudySettings;
import dev.overhead.stats.Comparison;
import java.util.List;
import java.util.function.Supplier;

/**
 * When an adaptive study's runs of one workload end, and why (docs/statistics.md §4): the one rule
 * the run loop ({@code run.WorkloadLoop}) follows after every round and the simulations
 * ({@code bench/stats-sim}) drive, so that what is measured there is what {@code run} does. Pure:
 * the caller says whether the time budget is spent and gives the primary comparisons of the round.
 *
 * <p>In order: at {@code --max-runs} the study ends (settled if everything is, else
 * {@link Stop.Reason#MAX_RUNS}); a spent time budget ends it; before {@code --min-runs} it goes on;
 * at a look of the sequential plan (and only there, so each look's interval is as wide as the plan
 * promised) it ends when every primary verdict is decisive and, with a precision, every primary
 * interval is at most ±precision wide. Waiting for the precision after the verdict has settled is
 * what keeps the change reported at the stop from being inflated: a study that stopped as soon as
 * its interval cleared 0 stopped because its estimate happened to be large.
 */
public final class StoppingRule {
    private final StudySettings settings;
    private final Judge judge;
    private final Double decisionPct;

    private StoppingRule(StudySettings settings, Double decisionPct) {
        this.settings = settings;
        this.judge = Judge.of(settings);
        this.decisionPct = decisionPct;
    }

    /** The rule of a study with these settings (adaptive or not: a fixed one ends at its runs). */
    public static StoppingRule of(StudySettings settings) {
        return new StoppingRule(settings, null);
    }

    /**
     * The rule of a study that asks only on which side of {@code decisionPct} (a change in percent) the
     * change lies: settled when every primary interval lies wholly on one side, whatever its verdict. A
     * bisection's step, whose decision point is the midpoint between its two ends (docs/why-and-bisect.md); null: the verdicts decide.
     */
    public static StoppingRule of(StudySettings settings, Double decisionPct) {
        return new StoppingRule(settings, decisionPct);
    }

    /**
     * Whether the runs end after {@code rounds} rounds, and why; null to run another round.
     *
     * @param budgetSpent whether the time budget (if any) has run out
     * @param primaries   the primary comparison of every candidate at this round (asked for only at
     *                    a look; an empty list: nothing to compare yet, or a single variant)
     */
    public Stop.Reason decide(int rounds, boolean budgetSpent, Supplier<List<Comparison>> primaries) {
        if (settings.runs() != null) {
            return rounds >= settings.runs() ? Stop.Reason.RUNS : null;
        }
        if (rounds >= settings.plannedMax()) {
            List<Comparison> now = primaries.get();
            return now.isEmpty() ? Stop.Reason.RUNS : settled(now) ? Stop.Reason.SETTLED : Stop.Reason.MAX_RUNS;
        }
        if (budgetSpent) {
            return Stop.Reason.TIME_BUDGET;
        }
        if (rounds < settings.minRuns() || !judge.looksAt(rounds)) {
            return null;
        }
        List<Comparison> now = primaries.get();
        if (now.isEmpty()) {
            return Stop.Reason.RUNS; // one variant: nothing to wait for beyond --min-runs
        }
        return settled(now) ? Stop.Reason.SETTLED : null;
    }

    /** Every comparison decisive and, with a precision, within it. */
    public boolean settled(List<Comparison> comparisons) {
        return !comparisons.isEmpty() && comparisons.stream().allMatch(c -> c != null && decided(c) && precise(c));
    }

    /** Decisive, or where the study has a decision point, wholly on one side of it. */
    private boolean decided(Comparison c) {
        return decisionPct == null ? c.verdict().decisive() : c.ciLowPct() > decisionPct || c.ciHighPct() < decisionPct;
    }

    /**
     * Within the precision: half the interval's width at most the wish. A change that is undefined
     * (a baseline of zeros) has no relative width to reach, so it never holds the study back.
     */
    public boolean precise(Comparison c) {
        Double wish = settings.precisionPct();
        if (wish == null || c.difference() != null) {
            return true;
        }
        Double share = settings.precisionShare(); // the default precision: or a share of the change
        double allowed = share == null ? wish : Math.max(wish, share * Math.abs(c.changePct()));
        return halfWidth(c) <= allowed;
    }

    public static double halfWidth(Comparison c) {
        return (c.ciHighPct() - c.ciLowPct()) / 2;
    }
}
