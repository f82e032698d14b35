package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcTextTest {

    @Test
    void meminfoGivesKibAndSwapInUse() {
        Map<String, Object> m = ProcText.memory(Samples.text(Samples.I7, "proc/meminfo"));
        assertThat(m)
                .containsEntry("total_kib", 32774428L)
                .containsEntry("available_kib", 24104512L)
                .containsEntry("swap_total_kib", 2097148L)
                .containsEntry("swap_used_kib", 2097148L - 1833980L)
                .containsEntry("huge_page_size_kib", 2048L);
    }

    @Test
    void meminfoWithoutSwapSaysZeroUsed() {
        assertThat(ProcText.memory(Samples.text(Samples.EPYC_VM, "proc/meminfo")))
                .containsEntry("swap_total_kib", 0L)
                .containsEntry("swap_used_kib", 0L);
    }

    @Test
    void osReleaseUnquotesValuesOfSeveralDistributions() {
        assertThat(ProcText.os(Samples.text(Samples.I7, "etc/os-release")))
                .containsEntry("id", "ubuntu")
                .containsEntry("version_id", "22.04")
                .containsEntry("pretty_name", "Ubuntu 22.04.3 LTS")
                .containsEntry("version_codename", "jammy");
        assertThat(ProcText.os(Samples.text(Samples.GRAVITON, "etc/os-release")))
                .containsEntry("id", "amzn")
                .containsEntry("id_like", "fedora")
                .containsEntry("version_id", "2023");
        assertThat(ProcText.os(Samples.text("misc", "alpine-os-release")))
                .containsEntry("id", "alpine")
                .containsEntry("version_id", "3.19.1")
                .containsEntry("pretty_name", "Alpine Linux v3.19");
        assertThat(ProcText.osRelease("# comment\nNAME='Single Quoted'\nX=\"a \\\"b\\\"\"\n"))
                .containsEntry("name", "Single Quoted")
                .containsEntry("x", "a \"b\"");
    }

    @Test
    void loadavgGivesThreeAveragesAndTaskCounts() {
        assertThat(ProcText.loadavg("0.42 0.35 0.30 1/1184 48211\n"))
                .containsEntry("load_1m", 0.42)
                .containsEntry("load_5m", 0.35)
                .containsEntry("load_15m", 0.30)
                .containsEntry("runnable", 1L)
                .containsEntry("tasks", 1184L);
    }

    @Test
    void vmstatFindsOneCounter() {
        String vmstat = Samples.text(Samples.I7, "proc/vmstat");
        assertThat(ProcText.vmstat(vmstat, "pswpout")).contains(70312L);
        assertThat(ProcText.vmstat(vmstat, "nr_free_pages")).isEmpty();
    }

    @Test
    void procStatCountsIdleAndIowaitAsNotBusy() {
        Map<Integer, ProcText.CpuTimes> t = ProcText.cpuTimes("cpu  9 0 9 9 9 0 0 0 0 0\n"
                + "cpu0 100 5 50 800 40 3 2 0 0 0\ncpu1 1 0 1 10 0 0 0 0 0 0\nintr 1 2 3\n");
        assertThat(t).containsOnlyKeys(0, 1);
        assertThat(t.get(0)).isEqualTo(new ProcText.CpuTimes(100 + 5 + 50 + 3 + 2, 1000));
    }

    @Test
    void processStatNameMayContainSpacesAndParentheses() {
        assertThat(ProcText.procStat(Samples.text("misc", "proc-pid-stat-spaces")))
                .contains(new ProcText.ProcStat(4242, "Web Content (2)", 4100, 51234 + 8123));
        assertThat(ProcText.procStat("garbage")).isEmpty();
    }

    @Test
    void selectedChoiceIsTheBracketedWord() {
        assertThat(ProcText.selected("always [madvise] never")).isEqualTo("madvise");
        assertThat(ProcText.selected("[always] madvise never")).isEqualTo("always");
        assertThat(ProcText.selected("madvise")).isEqualTo("madvise");
    }

    @Test
    void cpuListExpandsRangesSortedWithoutDuplicates() {
        assertThat(ProcText.cpuList("8,0-3,2,10-11\n")).isEqualTo(List.of(0, 1, 2, 3, 8, 10, 11));
        assertThat(ProcText.cpuList("")).isEmpty();
        assertThatThrownBy(() -> ProcText.cpuList("3-1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProcText.cpuList("a")).isInstanceOf(IllegalArgumentException.class);
    }
}
