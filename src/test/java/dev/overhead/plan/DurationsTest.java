package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.RunOrder;
import dev.overhead.stats.Estimand;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {

    @Test
    void readsTheFormsOfTheContract() {
        assertThat(Durations.parse("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("20m")).isEqualTo(Duration.ofMinutes(20));
        assertThat(Durations.parse("2h")).isEqualTo(Duration.ofHours(2));
        assertThat(Durations.parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("3")).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void refusesWhatIsNotADuration() {
        assertThatThrownBy(() -> Durations.parse("20 minutes"))
                .isInstanceOf(SpecException.class)
                .hasMessage("'20 minutes' is not a duration: write for example 500ms, 90s, 20m, 2h or 1h30m.");
        assertThatThrownBy(() -> Durations.parse("-5s")).hasMessageContaining("is not a duration");
        assertThatThrownBy(() -> Durations.parse("0s")).hasMessageContaining("is zero");
    }

    @Test
    void aDurationPastTenYearsIsRefusedRatherThanOverflowing() {
        assertThat(Durations.parse("3650d")).isEqualTo(Duration.ofDays(3650));
        for (String huge : new String[] {"3651d", "9999999999d", "99999999999999d", "99999999999999999999s"}) {
            assertThatThrownBy(() -> Durations.parse(huge))
                    .isInstanceOf(SpecException.class)
                    .hasMessageContaining("the duration '" + huge + "' is longer than overhead takes anywhere (3650d");
        }
        assertThatThrownBy(() -> Durations.parse("200000d200000d")).hasMessageContaining("(3650d, ten years)");
    }

    @Test
    void formatReadsBack() {
        for (String s : new String[] {"2h", "20m", "90s", "1500ms"}) {
            assertThat(Durations.format(Durations.parse(s))).isEqualTo(s);
        }
    }

    @Test
    void formatKeepsWhatIsFinerThanAMillisecond() {
        assertThat(Durations.format(Duration.ofNanos(500_000))).isEqualTo("0.5ms");
        assertThat(Durations.format(Duration.ofNanos(1_250_000))).isEqualTo("1.25ms");
        assertThat(Durations.format(Duration.ofNanos(90_000_000_001L))).isEqualTo("90000.000001ms");
        for (Duration d :
                new Duration[] {Duration.ofNanos(1), Duration.ofNanos(999_999), Duration.ofNanos(2_000_000_300L)}) {
            assertThat(Durations.parse(Durations.format(d))).as("%s", d).isEqualTo(d);
        }
    }

    @Test
    void percentagesWithOrWithoutTheSign() {
        assertThat(Percentages.parse("1%")).isEqualTo(1.0);
        assertThat(Percentages.parse("0.5 %")).isEqualTo(0.5);
        assertThat(Percentages.parse("2")).isEqualTo(2.0);
        assertThatThrownBy(() -> Percentages.parse("-1%")).isInstanceOf(SpecException.class);
        assertThatThrownBy(() -> Percentages.parse("one"))
                .hasMessage("'one' is not a percentage: write for example 1% or 0.5%.");
    }

    @Test
    void commandLineOptionsOverrideThePlanFieldByField() {
        PlanOptions plan = new PlanOptions(
                null, 1, 5, 40, null, RunOrder.RANDOMIZED, 1.0, null, null, null, null, null, null, null, null, null);
        PlanOptions cli = new PlanOptions(
                10,
                null,
                null,
                null,
                null,
                RunOrder.BLOCKED,
                null,
                0.99,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                Estimand.TYPICAL);
        assertThat(plan.overriddenBy(cli))
                .isEqualTo(new PlanOptions(
                        10,
                        1,
                        null,
                        null,
                        null,
                        RunOrder.BLOCKED,
                        1.0,
                        0.99,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        Estimand.TYPICAL));
        assertThat(plan.overriddenBy(PlanOptions.NONE)).isEqualTo(plan);
    }
}
