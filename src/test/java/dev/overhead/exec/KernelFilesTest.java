package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Tool;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Kernel files read whole on the real /proc, against sysctl and cat. */
class KernelFilesTest {
    @Test
    void aSysctlOfSeveralDigitsReadsWhole() throws Exception {
        // /proc/sys answers a read at offset 1 with end of file: Files.readString gave "6" for 65530
        assertThat(KernelFiles.sysctl("vm/max_map_count"))
                .contains(Tool.output("sysctl", "-n", "vm.max_map_count").strip());
        assertThat(KernelFiles.sysctl("kernel/osrelease"))
                .contains(Tool.output("uname", "-r").strip());
    }

    @Test
    void aProcFileReadsAsCatPrintsIt() throws Exception {
        assertThat(KernelFiles.read(Path.of("/proc/sys/kernel/pid_max")))
                .contains(Tool.output("cat", "/proc/sys/kernel/pid_max").strip());
        assertThat(KernelFiles.read(Path.of("/proc/self/no-such-file"))).isEmpty();
    }
}
