package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Quantity;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A parsed metric declared a count is compared as one (by the ratio of its means), like the built-in counts. */
class MetricKindTest {
    @Test
    void aMetricDeclaredACountIsComparedAsACount() throws Exception {
        StudyPlan plan = PlanReader.parse(
                Path.of("p.yaml"),
                "workloads:\n  - {name: t, command: 'true', metrics: [{name: retries, regex: 'r=(\\d+)', kind: count},"
                        + " {name: ops, regex: 'o=(\\d+)', better: higher}]}");
        var metrics = plan.workloads().getFirst().metrics();
        assertThat(metrics.get(0).quantity()).isEqualTo(Quantity.count(Direction.LOWER));
        assertThat(metrics.get(1).quantity()).isEqualTo(Quantity.measurement(Direction.HIGHER));
    }

    @Test
    void builtInCountsAreCountsAndTimesAreNot() {
        assertThat(Metrics.Builtin.MAJOR_FAULTS.spec().quantity().kind()).isEqualTo(Quantity.Kind.COUNT);
        assertThat(Metrics.Builtin.INVOLUNTARY_CS.spec().quantity().kind()).isEqualTo(Quantity.Kind.COUNT);
        assertThat(Metrics.Builtin.WALL.spec().quantity().kind()).isEqualTo(Quantity.Kind.MEASUREMENT);
        assertThat(new MetricSpec("minor_faults", Direction.LOWER, "", "x=(\\d+)")
                        .quantity()
                        .kind())
                .as("a parsed metric of the same name is what its plan says")
                .isEqualTo(Quantity.Kind.MEASUREMENT);
    }

    @Test
    void refusesAnUnknownKind() {
        assertThatThrownBy(
                        () -> PlanReader.parse(
                                Path.of("p.yaml"),
                                "workloads:\n  - {name: t, command: 'true', metrics: [{name: r, regex: 'r=(\\d+)', kind: integer}]}"))
                .hasMessageContaining("kind in")
                .hasMessageContaining("must be measurement or count, not");
    }
}
