package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.sysinfo.EnvironmentDiff.Difference;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentDiffTest {

    @Test
    void sameMachineProbedTwiceHasNoDifferencesDespiteLoadAndTime() {
        Map<String, Object> a = Samples.probe(Samples.I7, Map.of());
        Map<String, Object> b = new LinkedHashMap<>(Samples.probe(Samples.I7, Map.of()));
        b.put("load", Map.of("load_1m", 9.0, "busiest", List.of(Map.of("pid", 1, "command", "x", "cpu_pct", 99.0))));
        b.put("probed_at", "2030-01-01T00:00:00Z");
        b.put("memory", new LinkedHashMap<>(Samples.section(a, "memory")));
        Samples.section(b, "memory").put("available_kib", 1L);
        assertThat(EnvironmentDiff.diff(a, b)).isEmpty();
    }

    @Test
    void crossBootDifferencesListKernelMitigationsAndGovernor() {
        Map<String, Object> before = Map.of(
                "kernel", Map.of("release", "6.1.0-17-amd64", "cmdline", "ro quiet"),
                "security",
                        Map.of(
                                "aslr",
                                2,
                                "vulnerabilities",
                                Map.of("spectre_v2", "Mitigation: Retpolines", "mds", "Not affected")),
                "frequency", Map.of("governor", "powersave", "turbo", true),
                "cpu", Map.of("microcode", "0xf4"));
        Map<String, Object> after = Map.of(
                "kernel", Map.of("release", "6.1.0-18-amd64", "cmdline", "ro quiet mitigations=off"),
                "security",
                        Map.of(
                                "aslr",
                                2L,
                                "vulnerabilities",
                                Map.of("spectre_v2", "Vulnerable", "mds", "Not affected", "gds", "Not affected")),
                "frequency", Map.of("governor", "performance", "turbo", true),
                "cpu", Map.of("microcode", "0xf8"));
        assertThat(EnvironmentDiff.diff(before, after))
                .containsExactly(
                        new Difference("cpu.microcode", "0xf4", "0xf8"),
                        new Difference("kernel.release", "6.1.0-17-amd64", "6.1.0-18-amd64"),
                        new Difference("kernel.cmdline", "ro quiet", "ro quiet mitigations=off"),
                        new Difference("security.vulnerabilities.gds", null, "Not affected"),
                        new Difference("security.vulnerabilities.spectre_v2", "Mitigation: Retpolines", "Vulnerable"),
                        new Difference("frequency.governor", "powersave", "performance"));
    }

    @Test
    void differentMachinesDifferInCpuAndVirtualization() {
        List<Difference> d =
                EnvironmentDiff.diff(Samples.probe(Samples.EPYC_VM, Map.of()), Samples.probe(Samples.I7, Map.of()));
        assertThat(d)
                .extracting(Difference::path)
                .contains(
                        "cpu.model_name",
                        "kernel.release",
                        "libc.version",
                        "virtualization.virtual_machine",
                        "smt.control",
                        "frequency.governor")
                .doesNotContain("load.load_1m", "probed_at", "memory.available_kib");
    }
}
