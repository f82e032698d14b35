package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PerfCountersTest {

    @Test
    void noHardwarePmuMeansNoCountersWithoutRunningPerf() {
        assertThat(PerfCounters.pmus(Samples.host(Samples.EPYC_VM))).isEmpty();
        assertThat(PerfCounters.availability(List.of(), true, Optional.of(2L), Optional.empty()))
                .containsEntry("hardware_counters", false)
                .containsEntry("perf_event_paranoid", 2L)
                .containsEntry("reason", "the kernel exposes no hardware PMU (usual in a virtual machine)");
    }

    @Test
    void perfSayingNotSupportedMeansNoCounters() {
        String captured = Samples.text(Samples.EPYC_VM, "commands/perf");
        assertThat(PerfCounters.availability(List.of("cpu"), true, Optional.empty(), Optional.of(captured)))
                .containsEntry("hardware_counters", false)
                .containsEntry("instructions", "not supported")
                .containsEntry("reason", "perf stat says the instructions event is not supported");
    }

    @Test
    void perfCountingInstructionsMeansCounters() {
        assertThat(PerfCounters.pmus(Samples.host(Samples.I7))).containsExactly("cpu");
        assertThat(PerfCounters.availability(
                        List.of("cpu"),
                        true,
                        Optional.of(4L),
                        Optional.of("1254302,,instructions:u,498211,100.00,,\n")))
                .containsEntry("hardware_counters", true)
                .containsEntry("instructions", "counted");
    }

    @Test
    void perfRefusingAccessIsNotCounters() {
        assertThat(PerfCounters.availability(
                        List.of("cpu"),
                        true,
                        Optional.of(4L),
                        Optional.of(
                                "Error:\nAccess to performance monitoring and observability operations is limited.\n")))
                .containsEntry("hardware_counters", false)
                .containsKey("reason");
    }

    @Test
    void armPmuIsRecognised() {
        assertThat(PerfCounters.pmus(Samples.host(Samples.GRAVITON))).containsExactly("armv8_pmuv3_0");
    }
}
