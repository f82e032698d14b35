package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.exec.HardwareCounters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code overhead run --counters} end to end: counted on the fake executor, absent on this VM. */
class CountersIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE = "fake wall=1 instructions=1000000 jitter=1%";
    private static final String MORE = "fake wall=1 instructions=1200000 jitter=1%";

    @RegisterExtension
    final Launcher overhead = new Launcher();

    @Test
    void moreInstructionsAreWorseAndTheRunsKeepTheirCounts() throws Exception {
        var r = overhead.run(
                "run", "--fake-exec", "--counters", "--runs", "6", "--seed", "7", "--format", "json", BASE, MORE);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        assertThat(Launcher.verdict(root, "instructions", MORE)).isEqualTo("worse");
        assertThat(Launcher.verdict(root, "wall", MORE)).isNotEqualTo("worse");
        JsonNode run = root.path("workloads")
                .get(0)
                .path("variants")
                .get(0)
                .path("runs")
                .get(0);
        assertThat(run.path("metrics").path("instructions").asDouble()).isBetween(0.95e6, 1.05e6);
        assertThat(root.path("study").path("options").path("counters").asBoolean())
                .isTrue();
        assertThat(root.path("warnings").toString()).doesNotContain("counters");
    }

    @Test
    void withoutTheFlagNothingIsCounted() throws Exception {
        var r = overhead.run("run", "--fake-exec", "--runs", "4", "--format", "json", BASE, MORE);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        assertThat(Launcher.verdict(root, "instructions", MORE)).isNull();
        assertThat(root.path("study").path("options").has("counters")).isFalse();
    }

    @Test
    void aRealRunWithoutHardwareCountersWarnsOnceAndMeasuresTheRest() throws Exception {
        assumeFalse(
                HardwareCounters.available(), "this machine has hardware counters (perf stat counts instructions:u)");
        var r = overhead.run("run", "--counters", "--runs", "3", "--format", "json", "sleep 0.01", "sleep 0.02");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        for (JsonNode variant : root.path("workloads").get(0).path("variants")) {
            for (JsonNode run : variant.path("runs")) {
                assertThat(run.path("metrics").has("instructions")).isFalse();
                assertThat(run.path("wall_s").asDouble()).isGreaterThan(0.009);
            }
        }
        assertThat(Launcher.verdict(root, "instructions", "sleep 0.02")).isNull();
        assertThat(Launcher.verdict(root, "wall", "sleep 0.02")).isNotNull();
        long warnings = 0;
        for (JsonNode w : root.path("warnings")) {
            if (w.asText().startsWith("hardware counters are not available here: perf_event_open")) warnings++;
        }
        assertThat(warnings).as(root.path("warnings").toString()).isEqualTo(1);
    }

    @Test
    void aCounterAsPrimaryMetricNeedsTheFlag() throws Exception {
        var r = overhead.run("run", "--fake-exec", "--runs", "3", "--primary", "instructions", BASE, MORE);
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stderr()).contains("--primary instructions is a CPU counter; add --counters to count it");
    }
}
