package dev.overhead.verdicts;

import dev.overhead.model.ComparisonRow;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Looks;
import dev.overhead.stats.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * The summary over workloads read as one family (docs/statistics.md §3b): a reader of
 * the summary says "something got worse" if any one of its rows does, so a {@code worse} or
 * {@code better} shown there must survive Holm's step-down correction over all the rows the
 * summary weighs (Holm, S. (1979), Scand. J. Statist. 6) — with five workloads judged one by one,
 * about one A/A study in five showed some row decisive. The per-workload tables keep each row's own
 * verdict at its own confidence; only the summary's words change, and a row whose claim does not
 * survive reads {@code inconclusive} there.
 *
 * <p>The family is every row the summary considers: each workload's primary metric for every
 * candidate, the overall rows, and the other metrics that stand beside a primary whose own verdict
 * is {@code worse} or {@code better} (those are shown only if they and their primary survive).
 * Holm's test of one row at level a is the row's own test at a: for a fixed-n study its p-value at
 * most a; for an adaptive study its p-value at most the nominal level of the sequential plan's look
 * for an overall level a at the runs the row ended with (each row then keeps level a over the looks
 * it could have stopped at, as the plan promises for 1 − confidence). Testing every row of the
 * remaining j at a/j and repeating is Holm's procedure in the form of closed testing with
 * Bonferroni's local tests, so the chance that any row the summary shows is a false {@code worse}
 * or {@code better} stays at most 1 − confidence.
 */
public final class SummaryFamily {
    private SummaryFamily() {}

    /**
     * A row the summary considers.
     *
     * @param primary for a secondary metric, the primary row it stands beside; null for a primary or
     *                an overall row
     */
    public record Entry(ComparisonRow row, ComparisonRow primary) {}

    /**
     * A row as the summary shows it: {@code verdict} the family's (its own where it survives), and
     * {@code familySize} the number of rows the correction was over.
     */
    public record Row(ComparisonRow row, Verdict verdict, boolean secondary, int familySize) {
        /** Whether the family changed the row's own verdict (a worse or better that did not survive). */
        public boolean demoted() {
            return verdict != row.comparison().verdict();
        }
    }

    /**
     * The rows the summary shows, in the order given: every primary and overall row with the
     * family's verdict, and each secondary whose worse or better survives beside a primary whose
     * own does.
     *
     * @param looks      how the study looked at its data (fixed, or its sequential plan)
     * @param confidence the study's confidence
     */
    public static List<Row> judge(List<Entry> entries, Looks looks, double confidence) {
        List<Entry> family = new ArrayList<>();
        for (Entry e : entries) {
            if (e.primary() == null || claims(e.primary().comparison())) {
                family.add(e);
            }
        }
        boolean[] rejected = holm(family, looks, 1 - confidence);
        List<Row> out = new ArrayList<>();
        for (Entry e : entries) {
            int i = indexOf(family, e);
            boolean survives = i >= 0 && rejected[i];
            Comparison c = e.row().comparison();
            Verdict v = claims(c) && !survives ? Verdict.INCONCLUSIVE : c.verdict();
            if (e.primary() == null) {
                out.add(new Row(e.row(), v, false, family.size()));
            } else if (survives && rejected[indexOf(family, primaryEntry(family, e.primary()))]) {
                out.add(new Row(e.row(), v, true, family.size()));
            }
        }
        return out;
    }

    /**
     * Holm's step-down over the family: with j rows not yet rejected, every claim whose own test at
     * level alpha/j rejects is rejected, and again with the fewer rows left, until none is.
     */
    static boolean[] holm(List<Entry> family, Looks looks, double alpha) {
        boolean[] rejected = new boolean[family.size()];
        int left = family.size();
        boolean any = true;
        while (any && left > 0) {
            any = false;
            double level = alpha / left;
            int newly = 0;
            for (int i = 0; i < family.size(); i++) {
                Comparison c = family.get(i).row().comparison();
                // a claim without a p-value (NaN) never survives: nothing says how strong it is
                if (!rejected[i] && claims(c) && c.pValue() <= levelOfLook(looks, level, c)) {
                    rejected[i] = true;
                    newly++;
                }
            }
            left -= newly;
            any = newly > 0;
        }
        return rejected;
    }

    /** The level the row's own p-value is held to for an overall level {@code alpha} over the looks it had. */
    static double levelOfLook(Looks looks, double alpha, Comparison c) {
        int runs = Math.min(c.nBaseline(), c.nCandidate());
        return 1 - looks.nominalConfidence(1 - alpha, runs);
    }

    private static boolean claims(Comparison c) {
        return c.verdict() == Verdict.WORSE || c.verdict() == Verdict.BETTER;
    }

    private static int indexOf(List<Entry> family, Entry e) {
        for (int i = 0; i < family.size(); i++) {
            if (family.get(i) == e) {
                return i;
            }
        }
        return -1;
    }

    private static Entry primaryEntry(List<Entry> family, ComparisonRow primary) {
        return family.stream()
                .filter(e -> e.row() == primary && e.primary() == null)
                .findFirst()
                .orElse(null);
    }
}
