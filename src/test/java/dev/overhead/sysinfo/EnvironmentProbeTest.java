package dev.overhead.sysinfo;

import static dev.overhead.sysinfo.Samples.section;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The whole probe over captured machines, commands answered from their captured output. */
class EnvironmentProbeTest {

    @Test
    void intelBareMetalWithIntelPstateShowsGovernorTurboCachesAndCounters() {
        Map<String, Object> env = Samples.probe(Samples.I7, Map.of());
        assertThat(section(env, "frequency"))
                .containsEntry("driver", "intel_pstate")
                .containsEntry("governor", "powersave")
                .containsEntry("turbo", true)
                .containsEntry("turbo_source", "intel_pstate/no_turbo")
                .containsEntry("min_khz", 800000L)
                .containsEntry("max_khz", 4600000L)
                .containsEntry("intel_pstate", "active");
        assertThat(section(section(env, "cpu"), "cache"))
                .containsEntry("l1d_kib", 32L)
                .containsEntry("l1i_kib", 32L)
                .containsEntry("l2_kib", 256L)
                .containsEntry("l3_kib", 12288L);
        assertThat(section(env, "smt")).containsEntry("control", "on").containsEntry("active", true);
        assertThat(section(section(env, "security"), "vulnerabilities"))
                .hasSize(13)
                .containsEntry("meltdown", "Mitigation: PTI");
        assertThat(section(env, "security")).containsEntry("aslr", 2L);
        assertThat(section(env, "sysctl"))
                .containsEntry("kernel.perf_event_paranoid", 4L)
                .containsEntry("vm.max_map_count", 65530L);
        assertThat(section(env, "thp")).containsEntry("enabled", "madvise").containsEntry("defrag", "madvise");
        assertThat(section(env, "virtualization"))
                .containsEntry("virtual_machine", false)
                .containsEntry("systemd_detect_virt", "none")
                .containsEntry("product_name", "OptiPlex 7070");
        assertThat(section(env, "libc")).containsEntry("version", "2.35");
        assertThat(section(section(env, "compilers"), "clang")).containsEntry("version", "14.0.0-1ubuntu1.1");
        assertThat(section(env, "perf"))
                .containsEntry("hardware_counters", true)
                .containsEntry("instructions", "counted");
        assertThat(section(env, "kernel")).containsEntry("release", "5.15.0-91-generic");
        assertThat(section(env, "numa")).containsEntry("nodes", 1);
    }

    @Test
    void graviton2TakesTopologyFromSysfsAndKnowsItIsAGuestFromSystemd() {
        Map<String, Object> env = Samples.probe(Samples.GRAVITON, Map.of());
        assertThat(section(env, "cpu"))
                .containsEntry("model_name", "ARM Neoverse-N1")
                .containsEntry("sockets", 1)
                .containsEntry("cores", 4)
                .containsEntry("threads_per_core", 1)
                .containsEntry("online_cpus", 4);
        assertThat(section(env, "virtualization"))
                .containsEntry("systemd_detect_virt", "amazon")
                .containsEntry("virtual_machine", true)
                .containsEntry("sys_vendor", "Amazon EC2");
        assertThat(section(env, "perf"))
                .containsEntry("hardware_counters", true)
                .containsEntry("perf_tool", false);
        assertThat(env).doesNotContainKey("frequency");
        assertThat(section(env, "compilers")).doesNotContainKey("clang");
        assertThat(section(env, "thp")).containsEntry("enabled", "always");
    }

    @Test
    void thisVmIsAGuestInAContainerWithoutHardwareCounters() {
        Map<String, Object> env = Samples.probe(Samples.EPYC_VM, Map.of());
        assertThat(section(env, "virtualization"))
                .containsEntry("virtual_machine", true)
                .containsEntry("hypervisor_flag", true)
                .containsEntry("container", "docker");
        assertThat(section(env, "perf"))
                .containsEntry("hardware_counters", false)
                .containsKey("reason");
        assertThat(section(env, "smt")).containsEntry("control", "notsupported");
        assertThat(env).doesNotContainKey("frequency");
    }

    @Test
    void topLevelKeysComeInTheDocumentedOrder() {
        Map<String, Object> env = Samples.probe(Samples.I7, Map.of("LANG", "C", "GITHUB_TOKEN", "x"));
        assertThat(env.keySet())
                .containsExactly(
                        "cpu",
                        "memory",
                        "numa",
                        "kernel",
                        "os",
                        "libc",
                        "compilers",
                        "virtualization",
                        "frequency",
                        "smt",
                        "security",
                        "sysctl",
                        "thp",
                        "perf",
                        "load",
                        "tools",
                        "env_vars",
                        "probed_at");
        assertThat(section(env, "env_vars")).containsOnlyKeys("LANG");
        assertThat(section(env, "tools")).containsKeys("overhead", "java");
    }

    @Test
    void missingFilesAreAbsentFieldsNotErrors() {
        Map<String, Object> env = Samples.probe("misc", Map.of());
        assertThat(env)
                .doesNotContainKeys("cpu", "memory", "kernel", "frequency", "security")
                .containsKeys("tools", "perf", "probed_at");
    }
}
