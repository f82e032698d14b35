package dev.overhead.bisect;

import dev.overhead.model.BisectStep.Mark;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Where a bisection stands: the commits after the good revision (positions 1..n, n the bad
 * revision) and what each tested one was marked. Pure, so the order of steps can be tested alone.
 *
 * <p>Unlike {@code git bisect}, the bad revision is measured first: a user's "bad" is a guess about
 * performance, and a bisection that never measured it would name it as the culprit whenever every
 * other step came out good. Otherwise it is the usual halving; a skipped commit is stepped around
 * (the untested commit nearest the middle is taken instead), and skipped commits where the answer
 * lies make the answer a list of candidates rather than one commit.
 */
public final class Bisection {
    private final Mark[] marks; // index p-1 holds position p's mark; null: not tested

    public Bisection(int commits) {
        if (commits < 1) {
            throw new IllegalArgumentException("a bisection needs at least one commit after the good revision");
        }
        marks = new Mark[commits];
    }

    public int commits() {
        return marks.length;
    }

    public void mark(int position, Mark mark) {
        marks[position - 1] = mark;
    }

    public Mark markOf(int position) {
        return marks[position - 1];
    }

    /** The next position to test, or empty when the bisection has its answer. */
    public OptionalInt next() {
        int n = marks.length;
        if (marks[n - 1] == null) {
            return OptionalInt.of(n);
        }
        if (marks[n - 1] != Mark.BAD) {
            return OptionalInt.empty();
        }
        int lo = lastGood();
        int hi = firstBad();
        double middle = (lo + hi) / 2.0;
        int best = -1;
        for (int p = lo + 1; p < hi; p++) {
            if (marks[p - 1] == null && (best < 0 || Math.abs(p - middle) < Math.abs(best - middle))) {
                best = p;
            }
        }
        return best < 0 ? OptionalInt.empty() : OptionalInt.of(best);
    }

    /** True once the bad revision was measured bad (else there is nothing to look for). */
    public boolean badConfirmed() {
        return marks[marks.length - 1] == Mark.BAD;
    }

    /** The highest position marked good (0: the good revision itself). */
    public int lastGood() {
        int hi = firstBad();
        int lo = 0;
        for (int p = 1; p < hi; p++) {
            if (marks[p - 1] == Mark.GOOD) {
                lo = p;
            }
        }
        return lo;
    }

    /** The lowest position marked bad (n + 1 while none is). */
    public int firstBad() {
        for (int p = 1; p <= marks.length; p++) {
            if (marks[p - 1] == Mark.BAD) {
                return p;
            }
        }
        return marks.length + 1;
    }

    /** The skipped positions between the last good and the first bad commit: where the answer may hide. */
    public List<Integer> skippedInRange() {
        List<Integer> out = new ArrayList<>();
        for (int p = lastGood() + 1; p < firstBad(); p++) {
            if (marks[p - 1] == Mark.SKIP) {
                out.add(p);
            }
        }
        return out;
    }

    /** About how many more steps halving needs: log2 of the untested range, rounded up. */
    public int stepsLeft() {
        if (next().isEmpty()) {
            return 0;
        }
        if (!badConfirmed() && marks[marks.length - 1] == null) {
            return 1 + log2(marks.length);
        }
        return log2(firstBad() - lastGood());
    }

    private static int log2(int span) {
        int steps = 0;
        while ((1 << steps) < span) {
            steps++;
        }
        return steps;
    }
}
