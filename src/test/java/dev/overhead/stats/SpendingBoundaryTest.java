package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

class SpendingBoundaryTest {
    private static final double Z975 = NormalDistribution.of(0, 1).inverseSurvivalProbability(0.025);

    @Test
    void obrienFlemingSpendingMatchesRpact() {
        // R 4.2, rpact 3.3.4 (Debian r-cran-rpact):
        // library(rpact); f <- function(r) getDesignGroupSequential(kMax=length(r), alpha=0.05,
        //   sided=2, typeOfDesign="asOF", informationRates=r)$criticalValues
        // f(c(5,10,20,40,50)/50): 6.991351707 4.877023764 3.357011996 2.254643805 2.025815748
        assertThat(SpendingBoundary.boundaries(new double[] {5, 10, 20, 40, 50}, 50, 0.05))
                .containsExactly(
                        new double[] {6.991351707, 4.877023764, 3.357011996, 2.254643805, 2.025815748}, within(2e-4));
        // f(c(5,8,12,18,27,41,50)/50): 6.991351707 5.485699855 4.428315364 3.559865199 2.844488345
        //   2.239007734 2.034977816. The second look is rpact's one miss: it may spend
        //   α(0.16) − α(0.1) = 4.2009e-8, and with almost nothing crossed at the first look that is
        //   the one-look boundary, scipy 1.10: z = norm.isf(0.05/4); sp = lambda t: 4*norm.sf(z/sqrt(t));
        //   norm.isf((sp(0.16) - sp(0.1))/2) = 5.482191780585443 (rpact's root finder stops at a
        //   tolerance coarser than 4e-8 there).
        assertThat(SpendingBoundary.boundaries(new double[] {5, 8, 12, 18, 27, 41, 50}, 50, 0.05))
                .containsExactly(
                        new double[] {
                            6.991351707, 5.482191781, 4.428315364, 3.559865199, 2.844488345, 2.239007734, 2.034977816
                        },
                        within(2e-4));
        // f((1:5)/5): 4.876884949 3.357011922 2.680280067 2.289816774 2.031032048
        assertThat(SpendingBoundary.boundaries(new double[] {1, 2, 3, 4, 5}, 5, 0.05))
                .containsExactly(
                        new double[] {4.876884949, 3.357011922, 2.680280067, 2.289816774, 2.031032048}, within(2e-4));
    }

    @Test
    void aLookThatWasNotPlannedSpendsWhatItsTimeAllows() {
        // a study that stopped on its time budget at 17 runs after looks at 5 and 10 (plan 5..50):
        // f(c(5,10,17)/50): 6.991351707 4.877023764 3.670882620
        assertThat(SpendingBoundary.boundaries(new double[] {5, 10, 17}, 50, 0.05)[2])
                .isCloseTo(3.670882620, within(2e-4));
        assertThat(new SequentialPlan(5, 50, 2, SequentialPlan.Boundary.OBRIEN_FLEMING).nominalConfidence(0.95, 17))
                .isCloseTo(1 - 2 * NormalDistribution.of(0, 1).survivalProbability(3.670882620), within(1e-6));
    }

    @Test
    void theWholeErrorIsSpentByTheLastLook() {
        assertThat(SpendingBoundary.spent(1, 0.05)).isEqualTo(0.05);
        assertThat(SpendingBoundary.spent(0, 0.05)).isZero();
        // a single look at the end is the fixed-n test
        assertThat(SpendingBoundary.boundaries(new double[] {30}, 30, 0.05)[0]).isCloseTo(Z975, within(1e-9));
    }

    @Test
    void thePlanLooksWhereItsSettingsSay() {
        assertThat(new SequentialPlan(5, 50).looks()).containsExactly(5, 10, 20, 40, 50);
        assertThat(new SequentialPlan(3, 30).looks()).containsExactly(3, 6, 12, 24, 30);
        assertThat(new SequentialPlan(5, 50, 1.5, SequentialPlan.Boundary.OBRIEN_FLEMING).looks())
                .containsExactly(5, 8, 12, 18, 27, 41, 50);
        assertThat(SequentialPlan.everyRound(5, 8).looks()).containsExactly(5, 6, 7, 8);
        assertThat(new SequentialPlan(10, 10).looks()).containsExactly(10);
        assertThat(new SequentialPlan(5, 50).isLook(20)).isTrue();
        assertThat(new SequentialPlan(5, 50).isLook(21)).isFalse();
    }

    @Test
    void pocockOverSpacedLooksMatchesRpact() {
        // getDesignGroupSequential(kMax=5, alpha=0.05, sided=2, typeOfDesign="P",
        //   informationRates=c(5,10,20,40,50)/50)$criticalValues: 2.45723421 at every look
        double level = new SequentialPlan(5, 50, 2, SequentialPlan.Boundary.POCOCK).nominalConfidence(0.95, 20);
        assertThat(level).isCloseTo(1 - 2 * NormalDistribution.of(0, 1).survivalProbability(2.45723421), within(1e-5));
    }
}
