package dev.overhead.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.BisectStep.Mark;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Verdict;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** Issue 28.8: a commit is marked by where its interval lies between the two known ends, not by equivalence within 1%. */
class LikeGoodOrBadTest {
    private static Comparison interval(double low, double high, Verdict verdict) {
        return new Comparison(
                Direction.LOWER,
                10,
                10,
                1,
                1,
                (low + high) / 2,
                low,
                high,
                0.5,
                "test",
                verdict,
                null,
                List.of(),
                null,
                null);
    }

    @Test
    void theMidpointIsOnTheRatioScale() {
        assertThat(Bisector.midpointPct(170)).isCloseTo(64.317, Offset.offset(0.001)); // sqrt(2.7) = 1.64317
        assertThat(Bisector.midpointPct(300)).isCloseTo(100, Offset.offset(1e-9));
        assertThat(Bisector.midpointPct(2)).isCloseTo(0.995, Offset.offset(0.001));
    }

    @Test
    void aCommitThatOnlyChangesACommentIsLikeGoodWithoutBeingEquivalentWithinOnePercent() {
        // +2% [-15, +19]: inconclusive within the default 1%, and no commit of a x2.7 cost
        Comparison comment = interval(-15, 19, Verdict.INCONCLUSIVE);
        assertThat(Bisector.mark(comment)).isEqualTo(Mark.SKIP);
        assertThat(Bisector.mark(comment, Bisector.midpointPct(170))).isEqualTo(Mark.GOOD);
    }

    @Test
    void theCommitWithTheCostIsLikeBadAndOneBetweenTheEndsIsSkipped() {
        double m = Bisector.midpointPct(170);
        assertThat(Bisector.mark(interval(120, 230, Verdict.WORSE), m)).isEqualTo(Mark.BAD);
        assertThat(Bisector.mark(interval(40, 90, Verdict.WORSE), m))
                .as("holds the midpoint: half the cost, or too few runs")
                .isEqualTo(Mark.SKIP);
        assertThat(Bisector.mark(interval(-30, -10, Verdict.BETTER), m)).isEqualTo(Mark.GOOD);
        assertThat(Bisector.mark(null, m)).isEqualTo(Mark.SKIP);
    }
}
