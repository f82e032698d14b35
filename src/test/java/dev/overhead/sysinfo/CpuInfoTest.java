package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuInfoTest {

    @Test
    void amdEpycGuestHasIdentificationCountsAndHypervisorFlag() {
        Map<String, Object> cpu = CpuInfo.parse(Samples.text(Samples.EPYC_VM, "proc/cpuinfo"));
        assertThat(cpu)
                .containsEntry("vendor", "AuthenticAMD")
                .containsEntry("model_name", "AMD EPYC")
                .containsEntry("family", 26L)
                .containsEntry("model", 2L)
                .containsEntry("stepping", 1L)
                .containsEntry("logical_cpus", 2)
                .containsEntry("sockets", 1)
                .containsEntry("cores", 2)
                .containsEntry("threads_per_core", 1)
                .containsEntry("cache_size_kib", 1024L)
                .containsEntry("hypervisor_flag", true)
                .doesNotContainKey("microcode");
    }

    @Test
    void intelDesktopCountsHyperThreadsAsTwoPerCore() {
        Map<String, Object> cpu = CpuInfo.parse(Samples.text(Samples.I7, "proc/cpuinfo"));
        assertThat(cpu)
                .containsEntry("model_name", "Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz")
                .containsEntry("family", 6L)
                .containsEntry("model", 158L)
                .containsEntry("stepping", 10L)
                .containsEntry("microcode", "0xf4")
                .containsEntry("logical_cpus", 12)
                .containsEntry("sockets", 1)
                .containsEntry("cores", 6)
                .containsEntry("threads_per_core", 2)
                .containsEntry("hypervisor_flag", false);
        assertThat((String) cpu.get("bugs")).contains("mds", "retbleed");
    }

    @Test
    void twoSocketXeonCountsCoresPerSocketSeparately() {
        Map<String, Object> cpu = CpuInfo.parse(Samples.text(Samples.XEON, "proc/cpuinfo"));
        assertThat(cpu)
                .containsEntry("logical_cpus", 32)
                .containsEntry("sockets", 2)
                .containsEntry("cores", 16)
                .containsEntry("threads_per_core", 2)
                .containsEntry("microcode", "0x2007006");
    }

    @Test
    void armServerGetsANameFromImplementerAndPartButNoTopology() {
        Map<String, Object> cpu = CpuInfo.parse(Samples.text(Samples.GRAVITON, "proc/cpuinfo"));
        assertThat(cpu)
                .containsEntry("vendor", "ARM")
                .containsEntry("model_name", "ARM Neoverse-N1")
                .containsEntry("part", "0xd0c")
                .containsEntry("architecture", "8")
                .containsEntry("logical_cpus", 4)
                .doesNotContainKeys("sockets", "hypervisor_flag", "family");
    }

    @Test
    void raspberryPiKeepsItsModelNameAndBoard() {
        Map<String, Object> cpu = CpuInfo.parse(Samples.text("misc", "rpi-armv7-cpuinfo"));
        assertThat(cpu)
                .containsEntry("model_name", "ARMv7 Processor rev 4 (v7l)")
                .containsEntry("hardware", "BCM2835")
                .containsEntry("board", "Raspberry Pi 3 Model B Rev 1.2")
                .containsEntry("logical_cpus", 2);
    }

    @Test
    void emptyInputGivesAnEmptySectionNotAnError() {
        assertThat(CpuInfo.parse("")).isEmpty();
    }
}
