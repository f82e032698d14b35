package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CPU counters' arithmetic and wording, and the fake executor's counters. */
@Processes
class CountersTest {

    @Test
    void aCounterThatRanAllAlongIsTakenAsRead() {
        assertThat(Counters.scaled(1_000, 500, 500)).hasValue(1_000);
    }

    @Test
    void aMultiplexedCounterIsExtrapolatedByEnabledOverRunning() {
        // ran a quarter of the time: perf stat's scaling, value * enabled / running
        assertThat(Counters.scaled(1_000, 400, 100)).hasValue(4_000);
    }

    @Test
    void aCounterThatNeverRanIsAbsentNotZero() {
        assertThat(Counters.scaled(0, 400, 0)).isEmpty();
    }

    @Test
    void aMissingEventIsBlamedOnTheCpu() {
        assertThat(Counters.unavailable(List.of("instructions", "cycles"), true, 2))
                .isEqualTo("hardware counters are not available here: perf_event_open says the CPU has no such event"
                        + " (a virtual machine without a PMU?)");
        assertThat(Counters.unavailable(List.of("cycles"), false, 95))
                .startsWith("cycles not counted: perf_event_open says the CPU has no such event");
    }

    @Test
    void aRefusalNamesTheParanoidSetting() {
        assertThat(Counters.unavailable(List.of("instructions", "cycles"), true, 13))
                .startsWith("hardware counters are not available here: perf_event_open was refused"
                        + " (kernel.perf_event_paranoid is ")
                .endsWith("run as root or lower it with sysctl kernel.perf_event_paranoid=1");
    }

    @Test
    void theRequestCarriesTheCountersKeepGroupAndTreeFlagsAsItsLastBytes() {
        var asked = ExecRequest.builder(List.of("true")).counters(true).build();
        byte[] bytes = WireCodec.encode(asked);
        assertThat(bytes[bytes.length - 3]).isEqualTo((byte) 1);
        assertThat(bytes[bytes.length - 2]).isZero();
        assertThat(bytes[bytes.length - 1]).isZero();
        byte[] plain = WireCodec.encode(ExecRequest.of(List.of("true")));
        assertThat(plain[plain.length - 3]).isZero();
        assertThat(plain).hasSize(bytes.length);
        byte[] kept = WireCodec.encode(ExecRequest.of(List.of("true")).keepingGroup());
        assertThat(kept[kept.length - 2]).isEqualTo((byte) 1);
        assertThat(kept[kept.length - 1]).isZero();
        byte[] tree = WireCodec.encode(ExecRequest.of(List.of("true")).withTree());
        assertThat(tree[tree.length - 1]).isEqualTo((byte) 1);
        assertThat(tree[tree.length - 2]).isZero();
    }

    private static ExecRequest fake(boolean counters, String... argv) {
        return ExecRequest.builder(List.of(argv)).counters(counters).build();
    }

    @Test
    void theFakeCountsWhatItsCommandNamesWhenAsked() throws Exception {
        var fake = new FakeExecutor();
        ExecResult r = fake.run(fake(true, "fake", "wall=1", "instructions=1000000", "cycles=2e6"));
        assertThat(r.counters()).isEqualTo(new Counters(Map.of("instructions", 1e6, "cycles", 2e6), null));
        assertThat(fake.run(fake(false, "fake", "instructions=1000000")).counters())
                .isEqualTo(Counters.NONE);
    }

    @Test
    void theFakeWithoutCountsFindsThemUnavailable() throws Exception {
        ExecResult r = new FakeExecutor().run(fake(true, "sleep", "1"));
        assertThat(r.counters().values()).isEmpty();
        assertThat(r.counters().missing()).startsWith("hardware counters are not available here");
    }

    @Test
    void theFfmExecutorCountsNothingAndSaysSo() throws Exception {
        try (var ffm = new FfmExecutor("no C compiler")) {
            ExecResult r = ffm.run(fake(true, "/bin/true"));
            assertThat(r.counters().values()).isEmpty();
            assertThat(r.counters().missing()).contains("FFM executor");
            assertThat(ffm.run(fake(false, "/bin/true")).counters()).isEqualTo(Counters.NONE);
        }
    }

    @Test
    void resultsBuiltTheOldWayHaveNoCounters() {
        assertThat(new ExecResult(0, 0, 0, 0, false, 0, 0, 0, 0, 0, 0, 0, null, false, "", "", null, false, null)
                        .counters())
                .isEqualTo(Counters.NONE);
    }
}
