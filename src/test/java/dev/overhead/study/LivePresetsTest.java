package dev.overhead.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Tool;
import dev.overhead.plan.Presets;
import dev.overhead.sysinfo.MachineProbes;
import dev.overhead.sysinfo.Programs;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The twin of PresetsTest's made-up machines: what {@link LivePresets#machine()} reads on this machine,
 * compared with what the system's own tools say ({@code sysctl -n}, {@code ldconfig -p}, {@code command -v},
 * {@code cat /proc/cpuinfo}). A fake answers every read whole; the real {@code /proc/sys} does not (issue 29: the
 * hardened_malloc preset read vm.max_map_count 65530 as "6").
 */
class LivePresetsTest {
    @ParameterizedTest
    @ValueSource(
            strings = {"vm.max_map_count", "kernel.perf_event_paranoid", "kernel.randomize_va_space", "vm.swappiness"})
    void aSysctlReadsAsSysctlPrintsIt(String name) throws Exception {
        String expected = Tool.output("sysctl", "-n", name).strip();

        assertThat(MachineProbes.sysctl(name.replace('.', '/'))).contains(expected);
        assertThat(dev.overhead.exec.KernelFiles.sysctl(name.replace('.', '/'))).contains(expected);
    }

    @Test
    void hardenedMallocIsAcceptedHereOnceTheMapCountIsRaised() throws Exception {
        Tool.require("sysctl");
        assumeTrue(Tool.isRoot(), "raising vm.max_map_count needs root (.ci/run runs the tests as root)");
        String before = Tool.output("sysctl", "-n", "vm.max_map_count").strip();
        // the library is any path: this test is about the machine's setting; the stand-in library is RealPresetIT's
        Presets.Machine live = LivePresets.machine();
        Presets.Machine withLibrary = new Presets.Machine(
                f -> Optional.of(Path.of("/usr/local/lib", f)),
                live.program(),
                live.sysctl(),
                live.runs(),
                live.cpuFlags(),
                live.libraryFolders());
        try {
            Tool.output("sysctl", "-w", "vm.max_map_count=65530");
            assertThat(Presets.of(withLibrary)
                            .find("hardened_malloc")
                            .orElseThrow()
                            .unavailable())
                    .startsWith("hardened_malloc needs vm.max_map_count of at least 1048576 (it is 65530;");

            Tool.output("sysctl", "-w", "vm.max_map_count=1048576");
            assertThat(Presets.of(withLibrary)
                            .find("hardened_malloc")
                            .orElseThrow()
                            .unavailable())
                    .isNull();
        } finally {
            Tool.output("sysctl", "-w", "vm.max_map_count=" + before);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"libc.so.6", "libm.so.6", "libjemalloc.so.2", "libmimalloc.so.2"})
    void aLibraryIsFoundWhereTheLoadersCacheHasIt(String file) throws Exception {
        // ldconfig -p: "\tlibc.so.6 (libc6,x86-64) => /lib/x86_64-linux-gnu/libc.so.6"
        List<String> cached = Tool.output("ldconfig", "-p")
                .lines()
                .map(String::strip)
                .filter(l -> l.startsWith(file + " ("))
                .map(l -> l.substring(l.indexOf("=> ") + 3))
                .toList();
        if (file.startsWith("libjemalloc") || file.startsWith("libmimalloc")) {
            Tool.requirePresent(!cached.isEmpty(), file + " (libjemalloc2, libmimalloc2.0)");
        }
        Optional<Path> found = MachineProbes.findLibrary(file);

        assertThat(found).isPresent();
        // /lib is a link to /usr/lib on a merged-/usr system: the same file by either name
        assertThat(cached.stream().map(Path::of).map(LivePresetsTest::real)).contains(real(found.orElseThrow()));
    }

    @Test
    void aProgramIsInstalledWhereTheShellFindsIt() throws Exception {
        for (String program : List.of("sh", "ls", "strace", "no-such-program-here")) {
            boolean shell = Tool.succeeds("sh", "-c", "command -v " + program);
            assertThat(Programs.installed(program)).as(program).isEqualTo(shell);
        }
    }

    @Test
    void theCpuFlagsAreTheFirstFlagsLineOfProcCpuinfo() throws Exception {
        String line = Tool.output("cat", "/proc/cpuinfo")
                .lines()
                .filter(l -> l.startsWith("flags") || l.startsWith("Features"))
                .findFirst()
                .orElseThrow();
        assertThat(Arrays.asList(LivePresets.machine().cpuFlags().split(" ")))
                .containsExactlyElementsOf(Arrays.asList(
                        line.substring(line.indexOf(':') + 1).strip().split(" ")));
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (java.io.IOException e) {
            return p;
        }
    }
}
