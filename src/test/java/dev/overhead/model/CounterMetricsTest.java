package dev.overhead.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.stats.Direction;
import dev.overhead.verdicts.Analyzer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CPU counters as built-in metrics: read from a run's metrics map, absent where not counted. */
class CounterMetricsTest {

    private static Run run(int i, Map<String, Double> metrics) {
        return new Run(
                i,
                i,
                i,
                Instant.EPOCH,
                0,
                null,
                false,
                1 + i / 10.0,
                0.5,
                0.1,
                1000,
                true,
                100,
                0,
                1,
                2,
                0,
                0,
                metrics,
                null,
                null);
    }

    private static WorkloadResult workload(Map<String, Double> metrics) {
        var runs = List.of(run(0, metrics), run(1, metrics), run(2, metrics));
        return new WorkloadResult(
                new Workload("w", List.of("x"), false, Map.of(), List.of(), List.of()),
                List.of(new VariantResult(Variant.plain("a"), runs), new VariantResult(Variant.plain("b"), runs)));
    }

    @Test
    void instructionsAndCyclesAreLowerIsBetterCountsFromTheMetricsMap() {
        Run r = run(0, Map.of("instructions", 1.5e9, "cycles", 2e9));
        assertThat(Metrics.Builtin.INSTRUCTIONS.extract(r)).isEqualTo(1.5e9);
        assertThat(Metrics.Builtin.CYCLES.extract(r)).isEqualTo(2e9);
        assertThat(Metrics.builtin("instructions").orElseThrow().spec())
                .isEqualTo(new MetricSpec("instructions", Direction.LOWER, "", null));
        assertThat(Metrics.Builtin.INSTRUCTIONS.counter()).isTrue();
        assertThat(Metrics.Builtin.WALL.counter()).isFalse();
    }

    @Test
    void countedRunsAreComparedOnTheCounters() {
        var names = Analyzer.metricsOf(workload(Map.of("instructions", 1e6, "cycles", 2e6))).stream()
                .map(MetricSpec::name)
                .toList();
        assertThat(names).contains("wall", "instructions", "cycles");
    }

    @Test
    void runsWithoutCountersAreNotComparedOnThem() {
        assertThat(Metrics.Builtin.INSTRUCTIONS.extract(run(0, Map.of()))).isZero();
        var names = Analyzer.metricsOf(workload(Map.of())).stream()
                .map(MetricSpec::name)
                .toList();
        assertThat(names).contains("wall").doesNotContain("instructions", "cycles");
    }
}
