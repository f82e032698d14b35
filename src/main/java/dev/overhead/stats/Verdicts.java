package dev.overhead.stats;

/** The verdict rule of docs/cli.md ("Verdicts"), from an interval of the change in percent. */
public final class Verdicts {
    private Verdicts() {}

    public static Verdict decide(double lowPct, double highPct, Direction better, double thresholdPct) {
        if (lowPct > -thresholdPct && highPct < thresholdPct) {
            return Verdict.EQUIVALENT;
        }
        boolean allAbove = lowPct > 0;
        boolean allBelow = highPct < 0;
        if (allAbove) {
            return better == Direction.LOWER ? Verdict.WORSE : Verdict.BETTER;
        }
        if (allBelow) {
            return better == Direction.LOWER ? Verdict.BETTER : Verdict.WORSE;
        }
        return Verdict.INCONCLUSIVE;
    }
}
