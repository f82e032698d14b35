package dev.overhead.verdicts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.LookSchedule;
import dev.overhead.model.Stop;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudySettings;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run loop's stopping rule (issue 28.5): when the runs end, and the reason it gives. */
class StoppingRuleTest {
    private static StoppingRule rule(Double precision) {
        return StoppingRule.of(StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Adaptive(5, 50, LookSchedule.DOUBLING, precision))
                .build());
    }

    static Comparison comparison(Verdict verdict, double low, double high) {
        return new Comparison(
                Direction.LOWER,
                10,
                10,
                1,
                1,
                (low + high) / 2,
                low,
                high,
                0.001,
                "m",
                verdict,
                null,
                List.of(),
                null,
                null);
    }

    private static final List<Comparison> WORSE_WIDE = List.of(comparison(Verdict.WORSE, 2, 8));
    private static final List<Comparison> WORSE_NARROW = List.of(comparison(Verdict.WORSE, 4.5, 5.5));
    private static final List<Comparison> OPEN = List.of(comparison(Verdict.INCONCLUSIVE, -2, 8));

    @Test
    void settledOnlyAtALook() {
        assertThat(rule(null).decide(10, false, () -> WORSE_WIDE)).isEqualTo(Stop.Reason.SETTLED);
        assertThat(rule(null).decide(11, false, () -> WORSE_WIDE)).isNull();
        assertThat(rule(null).decide(4, false, () -> WORSE_WIDE)).isNull();
    }

    @Test
    void aPrecisionHoldsASettledVerdictBackUntilTheIntervalIsNarrowEnough() {
        assertThat(rule(1.0).decide(10, false, () -> WORSE_WIDE)).isNull();
        assertThat(rule(1.0).decide(20, false, () -> WORSE_NARROW)).isEqualTo(Stop.Reason.SETTLED);
    }

    @Test
    void theMaximumIsNamedUnlessEverythingSettledThere() {
        assertThat(rule(null).decide(50, false, () -> OPEN)).isEqualTo(Stop.Reason.MAX_RUNS);
        assertThat(rule(1.0).decide(50, false, () -> WORSE_WIDE)).isEqualTo(Stop.Reason.MAX_RUNS);
        assertThat(rule(null).decide(50, false, () -> WORSE_WIDE)).isEqualTo(Stop.Reason.SETTLED);
    }

    @Test
    void theDefaultPrecisionLetsAClearLargeChangeStopEarly() {
        StoppingRule byDefault = StoppingRule.of(StudySettings.DEFAULTS.toBuilder()
                .stopping(StudySettings.adaptiveByDefault(5, 50, 1.0))
                .build());
        // +100% ± 20 points: a quarter of the change is 25 points, so it is precise enough
        assertThat(byDefault.decide(5, false, () -> List.of(comparison(Verdict.WORSE, 80, 120))))
                .isEqualTo(Stop.Reason.SETTLED);
        // +5% ± 3 points is neither within ±1% nor within a quarter of 5%
        assertThat(byDefault.decide(5, false, () -> WORSE_WIDE)).isNull();
    }

    @Test
    void aSpentBudgetIsNamed() {
        assertThat(rule(null).decide(7, true, () -> OPEN)).isEqualTo(Stop.Reason.TIME_BUDGET);
    }

    @Test
    void aFixedStudyEndsAtItsRuns() {
        StoppingRule fixed = StoppingRule.of(StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Fixed(3))
                .build());
        assertThat(fixed.decide(2, false, () -> OPEN)).isNull();
        assertThat(fixed.decide(3, false, () -> OPEN)).isEqualTo(Stop.Reason.RUNS);
    }

    @Test
    void theDefaultPrecisionIsTheThreshold() {
        assertThat(StudySettings.defaultPrecision(1.0)).isEqualTo(1.0);
        assertThat(StudySettings.defaultPrecision(0)).isNull();
    }
}
