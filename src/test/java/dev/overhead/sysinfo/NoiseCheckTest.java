package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NoiseCheckTest {

    @Test
    void intelDesktopWarnsOfGovernorTurboAndSwap() {
        List<String> w = NoiseCheck.warnings(Samples.probe(Samples.I7, Map.of()));
        assertThat(w)
                .containsExactly(
                        "The CPU frequency governor is 'powersave', not 'performance': clock speed changes with load.",
                        "Turbo boost is on: the clock depends on temperature and on how many cores are busy.",
                        "257.0 MiB of swap is in use: a run that touches swapped pages waits for the disk.");
    }

    @Test
    void thisVmWarnsItIsVirtualWithFewCpusAndBusy() {
        List<String> w = NoiseCheck.warnings(Samples.probe(Samples.EPYC_VM, Map.of()));
        assertThat(w)
                .contains(
                        "This is a virtual machine: other guests on the host take CPU time and cache.",
                        "Only 2 CPUs are online: the measured command shares them with overhead and the system.",
                        "The load average was 1.81 at the start on 2 CPUs: other work competes with the measured command.");
    }

    @Test
    void quietTunedMachineGivesNoWarnings() {
        Map<String, Object> env = Map.of(
                "cpu", Map.of("online_cpus", 16),
                "frequency", Map.of("governor", "performance", "turbo", false),
                "virtualization", Map.of("virtual_machine", false),
                "memory", Map.of("swap_used_kib", 0L),
                "load",
                        Map.of(
                                "load_1m",
                                0.5,
                                "busiest",
                                List.of(Map.of("pid", 7, "command", "sshd", "cpu_pct", 1.0))));
        assertThat(NoiseCheck.warnings(env)).isEmpty();
    }

    @Test
    void namesABusyProcessAtTheStart() {
        Map<String, Object> env = Map.of(
                "load",
                Map.of("load_1m", 0.1, "busiest", List.of(Map.of("pid", 4242, "command", "chrome", "cpu_pct", 85.0))));
        assertThat(NoiseCheck.warnings(env))
                .containsExactly("Process 4242 (chrome) was using 85% of a CPU at the start.");
    }

    @Test
    void absentSectionsGiveNoWarnings() {
        assertThat(NoiseCheck.warnings(Map.of())).isEmpty();
    }
}
