package dev.overhead.verdicts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** tree_mem moves in steps of one memory-cgroup charge batch (256 KiB): changes below a step decide nothing. */
class ResolutionTest {
    private static Comparison comparison(double baselineKib, double low, double high, Verdict verdict) {
        double change = (low + high) / 2;
        return new Comparison(
                Direction.LOWER,
                30,
                30,
                baselineKib,
                baselineKib * (1 + change / 100),
                change,
                low,
                high,
                0.01,
                "welch-t",
                verdict,
                12,
                List.of(),
                null,
                null);
    }

    @Test
    void aWorseSmallTreeWithinOneBatchIsInconclusiveAndSaysWhy() {
        // sleep's tree: 512 KiB, one batch is 50%; an A/A study once read -12.4% better like this
        Comparison c = Resolution.apply("tree_mem", comparison(512, 3, 22, Verdict.WORSE), 1.0);
        assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.runsNeeded()).as("more runs do not resolve it").isNull();
        assertThat(c.warnings()).singleElement().asString().contains("256 KiB", "steps of 50.0%");
    }

    @Test
    void aLargeTreesChangeBeyondOneBatchKeepsItsVerdict() {
        // a 40 MB allocation: one batch is 0.6%, the interval's nearer end 3% away from zero
        Comparison worse = comparison(40_000, 3, 22, Verdict.WORSE);
        assertThat(Resolution.apply("tree_mem", worse, 1.0)).isSameAs(worse);
        Comparison better = comparison(40_000, -22, -3, Verdict.BETTER);
        assertThat(Resolution.apply("tree_mem", better, 1.0)).isSameAs(better);
    }

    @Test
    void equivalenceWithinAThresholdSmallerThanOneBatchIsNotClaimed() {
        Comparison small = Resolution.apply("tree_mem", comparison(3_000, -0.5, 0.5, Verdict.EQUIVALENT), 1.0);
        assertThat(small.verdict()).as("256 KiB is 8.5% of 3,000 KiB").isEqualTo(Verdict.INCONCLUSIVE);
        Comparison large = comparison(100_000, -0.5, 0.5, Verdict.EQUIVALENT);
        assertThat(Resolution.apply("tree_mem", large, 1.0)).isSameAs(large);
    }

    @Test
    void otherMetricsAreLeftAlone() {
        Comparison rss = comparison(512, 3, 22, Verdict.WORSE);
        assertThat(Resolution.apply("max_rss", rss, 1.0)).isSameAs(rss);
    }
}
