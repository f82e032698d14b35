package dev.overhead.sysinfo;

import static dev.overhead.sysinfo.Samples.section;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The probe on the machine running the tests, checked against the system's own tools. */
@Processes
class EnvironmentProbeLiveTest {
    static Map<String, Object> env;

    @BeforeAll
    static void probe() {
        assumeTrue(Files.isReadable(Path.of("/proc/cpuinfo")), "needs Linux /proc");
        env = EnvironmentProbe.live().probe();
    }

    static String sh(String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        p.waitFor();
        return out;
    }

    @Test
    void kernelReleaseAgreesWithUname() throws Exception {
        assertThat(section(env, "kernel")).containsEntry("release", sh("uname", "-r"));
    }

    @Test
    void cpuModelAgreesWithProcCpuinfo() throws Exception {
        String line = Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                .filter(l -> l.startsWith("model name"))
                .findFirst()
                .orElse(null);
        assumeTrue(line != null, "this CPU's /proc/cpuinfo has no model name (ARM)");
        assertThat(section(env, "cpu"))
                .containsEntry(
                        "model_name", line.substring(line.indexOf(':') + 1).strip());
    }

    @Test
    void cpuCountsAgreeWithNprocAndGetconf() throws Exception {
        Map<String, Object> cpu = section(env, "cpu");
        assertThat(((Number) cpu.get("logical_cpus")).longValue())
                .isEqualTo(Long.parseLong(sh("getconf", "_NPROCESSORS_ONLN")));
        // nproc counts the CPUs this process may use, which affinity can make fewer than those online.
        assertThat(((Number) cpu.get("online_cpus")).longValue()).isGreaterThanOrEqualTo(Long.parseLong(sh("nproc")));
    }

    @Test
    void sysctlValuesAreReadWholeAsSysctlPrintsThem() throws Exception {
        // /proc/sys files answer a read at a non-zero offset with end of file; a byte-wise read gave "6".
        Map<String, Object> sysctl = section(env, "sysctl");
        assertThat(sysctl).containsKey("vm.max_map_count");
        for (Map.Entry<String, Object> e : sysctl.entrySet()) {
            assertThat(e.getValue().toString()).as(e.getKey()).isEqualTo(sh("sysctl", "-n", e.getKey()));
        }
    }

    @Test
    void memoryTotalAgreesWithProcMeminfoAsCatPrintsIt() throws Exception {
        String line = sh("cat", "/proc/meminfo")
                .lines()
                .filter(l -> l.startsWith("MemTotal:"))
                .findFirst()
                .orElseThrow();
        assertThat(((Number) section(env, "memory").get("total_kib")).longValue())
                .isEqualTo(Long.parseLong(line.replaceAll("[^0-9]", "")));
    }

    @Test
    void recordsOverheadAndJavaVersionsAndTheLoad() {
        assertThat(section(env, "tools")).containsKey("overhead");
        assertThat(section(section(env, "tools"), "java"))
                .containsEntry("version", Runtime.version().toString());
        assertThat(section(env, "load")).containsKeys("load_1m", "busiest");
        assertThat(section(env, "memory")).containsKey("total_kib");
    }

    @Test
    void gccVersionAgreesWithDumpfullversionWhenGccIsInstalled() throws Exception {
        assumeTrue(CommandRunner.live(System.getenv()).available("gcc"), "gcc is not installed");
        assertThat(section(section(env, "compilers"), "gcc")).containsEntry("version", sh("gcc", "-dumpfullversion"));
    }
}
