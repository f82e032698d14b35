package dev.overhead.why;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PerfCheckTest {
    @Test
    void withoutPerfOneSentenceSaysWhatToInstall() {
        assertThat(PerfCheck.refusal(false, 1, true))
                .hasValueSatisfying(s -> assertThat(s)
                        .startsWith("perf is not installed: install it (apt-get install linux-perf")
                        .endsWith("."));
    }

    @Test
    void aParanoidKernelIsRefusedUnlessRoot() {
        assertThat(PerfCheck.refusal(true, 3, false))
                .hasValueSatisfying(s -> assertThat(s).contains("sudo sysctl kernel.perf_event_paranoid=2"));
        assertThat(PerfCheck.refusal(true, 3, true)).isEmpty();
        assertThat(PerfCheck.refusal(true, 2, false)).isEmpty(); // user code only, with a note
    }
}
