package dev.overhead.why;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Fixtures recorded here: perf trace -s -o of sh -c 'ls / ; ls /usr', and strace -f -c -o of ls /. */
class SyscallsTest {
    private static BufferedReader fixture(String name) {
        return new BufferedReader(
                new InputStreamReader(SyscallsTest.class.getResourceAsStream(name), StandardCharsets.UTF_8));
    }

    @Test
    void perfTraceSummaryIsSummedOverThreads() {
        Map<String, Syscalls.Stat> m = Syscalls.perfTrace(fixture("ls.perf-trace.txt"));
        // sh's table counts 2 vforks, and each child's table the vfork it returned from, with no time
        assertThat(m.get("vfork").calls()).isEqualTo(4);
        assertThat(m.get("vfork").seconds()).isCloseTo(0.025832, within(1e-9));
        assertThat(m.get("wait4").errors()).isEqualTo(2);
        // the file holds three threads' tables (sh and two ls), each with one execve
        assertThat(m.get("execve").calls()).isEqualTo(3);
    }

    @Test
    void straceSummaryReadsCallsAndErrorsAndLeavesTheTotalOut() {
        Map<String, Syscalls.Stat> m = Syscalls.strace(fixture("ls.strace.txt"));
        assertThat(m).doesNotContainKey("total");
        assertThat(m.get("ioctl")).isEqualTo(new Syscalls.Stat(2, 2, 0));
        assertThat(m.get("read").calls()).isEqualTo(7);
        // the file's own total line: 145 calls, 19 errors
        assertThat(m.values().stream().mapToLong(Syscalls.Stat::calls).sum()).isEqualTo(145);
        assertThat(m.values().stream().mapToLong(Syscalls.Stat::errors).sum()).isEqualTo(19);
    }
}
