package dev.overhead;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.TestAbortedException;

/** Which skips CI turns into failures: those for what .ci/run installs, and no others. */
class SkipLedgerTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "chromium is not installed (apt-get install chromium)",
                "no C compiler (cc, gcc, clang) on PATH to build the forking helper",
                "GNU time is not installed at /usr/bin/time (apt-get install time)",
                "no PostgreSQL server for the tests: pg_ctl not found",
                "perf cannot record here (not installed, or kernel.perf_event_paranoid too high)",
                "seed000-allocator-build.yaml needs what this machine lacks: [make] (see .ci/run)",
                "a cgroup at the top of the hierarchy is made only as root; run the tests as root",
                "libjemalloc2 is not installed (apt-get install libjemalloc2)"
            })
    void aSkipForWhatCiInstallsFailsUnderCi(String reason) {
        Throwable judged = SkipLedger.judged(new TestAbortedException("Assumption failed: " + reason), true);

        assertThat(judged)
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("under CI this test must not skip")
                .hasMessageEndingWith(reason);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "no hardware counters here: perf stat -e instructions:u says <not supported> (a VM without a PMU)",
                "this machine has hardware counters (perf stat counts instructions:u)",
                "this CPU's /proc/cpuinfo has no model name (ARM)",
                "no target/overhead.aot: this JVM could not make an AOT cache"
            })
    void aSkipForWhatNoInstallGivesStaysASkip(String reason) {
        TestAbortedException skip = new TestAbortedException(reason);

        assertThat(SkipLedger.judged(skip, true)).isSameAs(skip);
    }

    @Test
    void outsideCiEverySkipStaysASkip() {
        TestAbortedException skip = new TestAbortedException("chromium is not installed (apt-get install chromium)");

        assertThat(SkipLedger.judged(skip, false)).isSameAs(skip);
    }
}
