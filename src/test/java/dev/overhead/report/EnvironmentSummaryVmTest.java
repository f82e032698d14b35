package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The environment lines of a study of kernels in virtual machines: one per boot, as the guest reported it. */
class EnvironmentSummaryVmTest {
    @Test
    void eachBootHasALineWithItsReleaseAcceleratorAndCommandLine() {
        Map<String, Object> env = Map.of(
                "kernel",
                Map.of("release", "6.18.44"),
                "vm",
                Map.of(
                        "boots",
                        List.of(
                                Map.of(
                                        "boot",
                                        1,
                                        "variant",
                                        "free1",
                                        "release",
                                        "6.1.0-57-cloud-amd64",
                                        "accelerator",
                                        "tcg",
                                        "cmdline",
                                        "console=ttyS0 init_on_free=1"),
                                Map.of(
                                        "boot",
                                        2,
                                        "variant",
                                        "free0",
                                        "release",
                                        "6.1.0-57-cloud-amd64",
                                        "accelerator",
                                        "kvm",
                                        "cmdline",
                                        "console=ttyS0 init_on_free=0"))));
        assertThat(EnvironmentSummary.of(env))
                .containsExactly(
                        Map.entry("kernel", "6.18.44"),
                        Map.entry("boot 1", "free1: 6.1.0-57-cloud-amd64, tcg, console=ttyS0 init_on_free=1"),
                        Map.entry("boot 2", "free0: 6.1.0-57-cloud-amd64, kvm, console=ttyS0 init_on_free=0"));
    }

    @Test
    void aStudyWithoutGuestsHasNoBootLines() {
        assertThat(EnvironmentSummary.of(Map.of("kernel", Map.of("release", "6.18.44"))))
                .containsExactly(Map.entry("kernel", "6.18.44"));
    }
}
