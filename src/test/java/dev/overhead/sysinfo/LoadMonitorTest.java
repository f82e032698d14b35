package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadMonitorTest {
    @TempDir
    Path root;

    void write(String file, String text) throws IOException {
        Path p = root.resolve(file);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    /** Two CPUs on one core (0 and 1 are SMT siblings), quiet. */
    void quietMachine() throws IOException {
        write("sys/devices/system/cpu/online", "0-1\n");
        write("sys/devices/system/cpu/cpu0/topology/thread_siblings_list", "0-1\n");
        write("sys/devices/system/cpu/cpu1/topology/thread_siblings_list", "0-1\n");
        write("sys/devices/system/cpu/cpu0/thermal_throttle/core_throttle_count", "5\n");
        write("sys/devices/system/cpu/cpu0/thermal_throttle/package_throttle_count", "9\n");
        write("sys/devices/system/cpu/cpu1/thermal_throttle/package_throttle_count", "9\n");
        write("proc/loadavg", "0.20 0.10 0.05 1/100 999\n");
        write("proc/vmstat", "pswpin 100\npswpout 200\n");
        write("proc/stat", "cpu  0 0 0 0 0 0 0 0\ncpu0 100 0 0 900 0 0 0 0\ncpu1 10 0 0 990 0 0 0 0\n");
    }

    @Test
    void quietStudyGivesNoWarnings() throws IOException {
        quietMachine();
        LoadMonitor m = new LoadMonitor(new Host(root), List.of(0), Double.NaN);
        m.sample();
        assertThat(m.warnings()).isEmpty();
        assertThat(m.summary()).containsEntry("samples", 1).containsEntry("swapped_pages", 0L);
    }

    @Test
    void reportsLoadSwapThrottlingAndBusySiblings() throws IOException {
        quietMachine();
        LoadMonitor m = new LoadMonitor(new Host(root), List.of(0), Double.NaN);
        write("proc/loadavg", "3.20 1.10 0.50 4/100 999\n");
        write("proc/vmstat", "pswpin 700\npswpout 800\n");
        write("sys/devices/system/cpu/cpu0/thermal_throttle/core_throttle_count", "7\n");
        write("sys/devices/system/cpu/cpu1/thermal_throttle/package_throttle_count", "10\n");
        // cpu1 (the sibling of pinned cpu0) busy 80 of 100 ticks.
        write("proc/stat", "cpu  0 0 0 0 0 0 0 0\ncpu0 200 0 0 900 0 0 0 0\ncpu1 90 0 0 1010 0 0 0 0\n");
        m.sample();
        write("proc/loadavg", "2.00 1.10 0.50 1/100 999\n");
        m.sample();
        assertThat(m.warnings())
                .containsExactly(
                        "The load average rose to 3.2 during the study on 2 CPUs.",
                        "The machine swapped 1200 pages during the study.",
                        "The CPUs were thermally throttled 3 times during the study: their clock was lowered.",
                        "The SMT siblings [1] of the pinned CPUs were 80% busy: they share a core with the measured command.");
        assertThat(m.summary()).containsEntry("peak_load_1m", 3.2).containsEntry("smt_sibling_busy_pct", 80.0);
    }

    @Test
    void machineWithoutTheseFilesSamplesQuietly() {
        LoadMonitor m = new LoadMonitor(new Host(root), List.of(0, 1), Double.NaN);
        m.sample();
        assertThat(m.warnings()).isEmpty();
    }

    @Test
    void liveSamplingWorksHere() {
        LoadMonitor m = LoadMonitor.start(List.of());
        m.sample();
        assertThat(m.summary()).containsKeys("peak_load_1m", "swapped_pages", "throttle_events");
    }
}
