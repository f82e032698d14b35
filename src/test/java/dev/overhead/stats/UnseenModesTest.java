package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The share of runs a mode can hold unseen, and the guard `equivalent` must pass (docs/statistics.md §2c). */
class UnseenModesTest {
    @Test
    void theShareIsTheRuleOfThree() {
        // python3: 1 - 0.05**(1/5) -> 0.4507197283469412; 1 - 0.05**(1/30) -> 0.09503385285530419;
        // 1 - 0.05**(1/7) -> 0.3481636551311609, 1 - 0.05**(1/8) -> 0.31234397806636793 (constants: 8 runs)
        assertThat(UnseenModes.share(5, 0.95)).isCloseTo(0.4507197283469412, within(1e-15));
        assertThat(UnseenModes.share(30, 0.95)).isCloseTo(0.09503385285530419, within(1e-15));
        assertThat(UnseenModes.share(7, 0.95) * UnseenModes.FLOOR_THRESHOLDS).isGreaterThan(1);
        assertThat(UnseenModes.share(8, 0.95) * UnseenModes.FLOOR_THRESHOLDS).isLessThan(1);
        // about 3/n for large n
        assertThat(UnseenModes.share(300, 0.95) * 300).isCloseTo(3, within(0.02));
    }

    @Test
    void theModeIsAsFarAsTheFarthestRunSeenButNeverCloserThanThreeThresholds() {
        double[] quiet = {1.0, 1.001, 0.999, 1.0};
        UnseenModes.Guard floor = UnseenModes.of(quiet, quiet, false, Scale.LOG, 0.95, 1.0);
        assertThat(floor.floored()).isTrue();
        assertThat(floor.size()).isCloseTo(3 * Math.log1p(0.01), within(1e-15));
        double[] spiky = {1.0, 1.001, 0.999, 3.0};
        UnseenModes.Guard seen = UnseenModes.of(quiet, spiky, false, Scale.LOG, 0.95, 1.0);
        assertThat(seen.floored()).isFalse();
        assertThat(seen.size()).isCloseTo(Math.log(3.0) - Math.log(1.0), within(1e-12));
        assertThat(seen.runs()).isEqualTo(4);
        // on the raw scale of counts the floor is three thresholds of the baseline's mean
        UnseenModes.Guard raw = UnseenModes.of(
                new double[] {100, 100, 100}, new double[] {100, 100, 100}, false, new Scale.Raw(100), 0.95, 1.0);
        assertThat(raw.size()).isCloseTo(3.0, within(1e-12));
    }

    @Test
    void anIntervalInsideTheMarginMustStayInsideOnceWidened() {
        UnseenModes.Guard g = new UnseenModes.Guard(0.1, 0.03, true, 29);
        // widened by 0.3% of log: [-0.2, 0.4] becomes about [-0.5, 0.7], inside ±1%
        assertThat(g.excludes(Scale.LOG, -0.2, 0.4, 1.0)).isTrue();
        // [-0.2, 0.8] becomes about [-0.5, 1.1]: not inside
        assertThat(g.excludes(Scale.LOG, -0.2, 0.8, 1.0)).isFalse();
    }
}
