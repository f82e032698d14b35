package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ControlsTest {
    static final List<Integer> FOUR = List.of(0, 1, 2, 3);

    @Test
    void cpuListParsesRangesAndSingles() {
        assertThat(Controls.parseCpuList("0-2,3", FOUR)).containsExactly(0, 1, 2, 3);
        assertThat(Controls.parseCpuList("2", FOUR)).containsExactly(2);
    }

    @Test
    void cpuListRefusesCpusThatAreNotOnline() {
        assertThatThrownBy(() -> Controls.parseCpuList("0-2,5", FOUR))
                .isInstanceOf(ControlException.class)
                .hasMessage("--pin 0-2,5: CPU 5 is not online here (online: 0-3).")
                .satisfies(e -> assertThat(((ControlException) e).usage()).isTrue());
        assertThatThrownBy(() -> Controls.parseCpuList("4-5", FOUR))
                .hasMessage("--pin 4-5: CPUs 4-5 are not online here (online: 0-3).");
    }

    @Test
    void cpuListRefusesWhatIsNotAList() {
        for (String bad : List.of("", "x", "3-1", "1,,")) {
            assertThatThrownBy(() -> Controls.parseCpuList(bad, FOUR))
                    .isInstanceOf(ControlException.class)
                    .hasMessageContaining("is not a CPU list: give CPU numbers and ranges like 0-2,5.");
        }
    }

    @Test
    void cpuListIsCheckedAgainstThisMachine() {
        assertThat(Controls.parseCpuList("0")).containsExactly(0);
    }

    @Test
    void niceOutsideTheKernelRangeIsRefused() {
        assertThat(Controls.validateNice(-20)).isEqualTo(-20);
        assertThatThrownBy(() -> Controls.validateNice(20))
                .hasMessage("--nice 20 is outside -20..19: give a niceness" + " in that range.");
    }

    @Test
    void dropCachesWithoutAWritableFileSaysItNeedsRoot(@TempDir Path root) {
        assertThatThrownBy(() -> Controls.dropCaches(new Host(root)))
                .isInstanceOf(ControlException.class)
                .hasMessage("--drop-caches needs root: run as root or drop the option.");
    }

    @Test
    void dropCachesWritesThree(@TempDir Path root) throws Exception {
        Path file = root.resolve("proc/sys/vm/drop_caches");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "");
        Controls.dropCaches(new Host(root));
        assertThat(Files.readString(file)).isEqualTo("3\n");
    }
}
