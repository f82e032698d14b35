package dev.overhead.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.BisectStep.Mark;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class BisectionTest {

    /** Runs a bisection to its end with {@code oracle} marking each tested position; returns the positions tested. */
    private static List<Integer> drive(Bisection b, IntFunction<Mark> oracle) {
        List<Integer> tested = new ArrayList<>();
        OptionalInt next;
        while ((next = b.next()).isPresent()) {
            int p = next.getAsInt();
            assertThat(tested).as("no position is tested twice").doesNotContain(p);
            tested.add(p);
            b.mark(p, oracle.apply(p));
        }
        return tested;
    }

    @Test
    void theBadRevisionIsMeasuredFirst() {
        assertThat(new Bisection(11).next()).hasValue(11);
    }

    @Test
    void findsTheFirstBadCommitOfElevenInFiveSteps() {
        for (int culprit = 1; culprit <= 11; culprit++) {
            int c = culprit;
            Bisection b = new Bisection(11);
            List<Integer> tested = drive(b, p -> p >= c ? Mark.BAD : Mark.GOOD);
            assertThat(b.firstBad()).as("culprit %d", c).isEqualTo(c);
            assertThat(b.skippedInRange()).isEmpty();
            assertThat(tested)
                    .as("bad first, then halving: at most 1 + ceil(log2 11)")
                    .hasSizeLessThanOrEqualTo(5);
        }
    }

    @Test
    void commitSixOfTheTwelveCommitRepositoryIsFoundAfterTestingTheMiddle() {
        Bisection b = new Bisection(11); // commits 2..12 after commit 1; commit 7 is position 6
        List<Integer> tested = drive(b, p -> p >= 6 ? Mark.BAD : Mark.GOOD);
        assertThat(tested).containsExactly(11, 5, 8, 6);
        assertThat(b.firstBad()).isEqualTo(6);
        assertThat(b.lastGood()).isEqualTo(5);
    }

    @Test
    void aBadRevisionThatIsNotBadEndsAtOnce() {
        Bisection b = new Bisection(11);
        b.mark(11, Mark.SKIP);
        assertThat(b.next()).isEmpty();
        assertThat(b.badConfirmed()).isFalse();
        Bisection good = new Bisection(11);
        good.mark(11, Mark.GOOD);
        assertThat(good.next()).isEmpty();
        assertThat(good.badConfirmed()).isFalse();
    }

    @Test
    void aSkippedMiddleIsSteppedAroundToTheNearestUntested() {
        Bisection b = new Bisection(11);
        b.mark(11, Mark.BAD);
        assertThat(b.next()).hasValue(5); // (0 + 11) / 2 = 5.5: the lower of the two nearest
        b.mark(5, Mark.SKIP);
        assertThat(b.next()).hasValue(6);
    }

    @Test
    void skippedCommitsWhereTheAnswerLiesMakeItAListOfCandidates() {
        Bisection b = new Bisection(11);
        drive(b, p -> p == 11 || p >= 8 ? Mark.BAD : p >= 5 ? Mark.SKIP : Mark.GOOD);
        assertThat(b.lastGood()).isEqualTo(4);
        assertThat(b.firstBad()).isEqualTo(8);
        assertThat(b.skippedInRange()).containsExactly(5, 6, 7);
    }

    @Test
    void aSingleCommitNeedsOneStep() {
        Bisection b = new Bisection(1);
        assertThat(drive(b, p -> Mark.BAD)).containsExactly(1);
        assertThat(b.firstBad()).isEqualTo(1);
        assertThat(b.lastGood()).isZero();
    }

    @Test
    void stepsLeftCountsTheBadRevisionAndTheHalvings() {
        Bisection b = new Bisection(11);
        assertThat(b.stepsLeft()).isEqualTo(5);
        b.mark(11, Mark.BAD);
        assertThat(b.stepsLeft()).isEqualTo(4);
        b.mark(5, Mark.GOOD);
        assertThat(b.stepsLeft()).isEqualTo(3);
    }

    @Test
    void noCommitsIsRefused() {
        assertThatThrownBy(() -> new Bisection(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
