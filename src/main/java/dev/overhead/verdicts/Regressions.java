package dev.overhead.verdicts;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.stats.Verdict;
import java.util.List;

/**
 * What a team is told about (docs/team.md, alerts): the comparisons of a judged study whose primary metric's
 * verdict is {@code worse}, each workload on its own primary ({@link Highlights#primaryRows}). One rule for the webhooks of {@code --notify} and serve's {@code /feed.atom}.
 */
public final class Regressions {
    private Regressions() {}

    /** One worse comparison on the primary metric, in percent. */
    public record Regression(
            String workload,
            String candidate,
            String baseline,
            String metric,
            double changePct,
            double ciLowPct,
            double ciHighPct) {}

    /** The study's regressions, in its comparisons' order (overall rows left out); empty where there are none. */
    public static List<Regression> of(StudyResult judged) {
        return Highlights.primaryRows(judged).stream()
                .filter(r -> r.comparison().verdict() == Verdict.WORSE)
                .map(Regressions::regression)
                .toList();
    }

    private static Regression regression(ComparisonRow r) {
        var c = r.comparison();
        return new Regression(
                r.workload(), r.candidate(), r.baseline(), r.metric(), c.changePct(), c.ciLowPct(), c.ciHighPct());
    }
}
