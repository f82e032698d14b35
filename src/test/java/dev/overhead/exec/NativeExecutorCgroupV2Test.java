package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cgroup v2 with its controllers, as a typical systemd host has it and this machine does not (docs/performance.md,
 * "The whole process tree"): the helper on a fake cgroupfs, plain directories named by {@code OVERHEAD_CGROUP_FAKE}
 * (overhead-tree.c), judged by the cgroups it made and what it wrote into their files. The kernel's side (what a
 * write moves or enables) is not there; the real v1 and v2 paths are {@link NativeExecutorTreeTest}'s.
 */
@Processes
class NativeExecutorCgroupV2Test {
    private static final String ALL = "cpuset cpu io memory hugetlb pids rdma misc";

    @TempDir
    Path dir;

    Path top;
    Path session;

    @BeforeEach
    void fake() throws IOException {
        Commands.assumeCompiler();
        top = dir.resolve("fs");
        session = top.resolve("user.slice/session-1.scope");
        Files.createDirectories(session);
        Files.writeString(dir.resolve("mountinfo"), "30 25 0:26 / " + top + " rw,nosuid - cgroup2 cgroup2 rw\n");
        Files.writeString(dir.resolve("cgroup"), "0::/user.slice/session-1.scope\n");
    }

    /** The top of the hierarchy and the session's cgroup, whose processes are {@code procs}. */
    void controllers(String available, String procs) throws IOException {
        Files.writeString(top.resolve("cgroup.controllers"), available + "\n");
        Files.writeString(top.resolve("cgroup.subtree_control"), available + "\n");
        Files.writeString(session.resolve("cgroup.controllers"), available + "\n");
        Files.writeString(session.resolve("cgroup.subtree_control"), "");
        Files.writeString(session.resolve("cgroup.procs"), procs);
    }

    record Seen(ExecResult result, long helper) {}

    Seen runOnce() throws Exception {
        NativeExecutor executor =
                NativeExecutor.start(NativeHelper.binary(), Map.of("OVERHEAD_CGROUP_FAKE", dir.toString()));
        try {
            return new Seen(executor.run(ExecRequest.of(List.of("true")).withTree()), executor.helperPid());
        } finally {
            executor.close();
        }
    }

    @Test
    void asRootInASharedCgroupTheHelperMakesASubtreeOfItsOwnAtTheTop() throws Exception {
        assumeTrue(isRoot(), "a cgroup at the top of the hierarchy is made only as root; run the tests as root");
        controllers(ALL, "1\n412\n413\n"); // a login shell and others: the session cannot delegate
        Seen seen = runOnce();

        Path own = top.resolve("overhead-" + seen.helper());
        assertThat(own.resolve("cgroup.subtree_control")).hasContent("+memory +cpu +io");
        assertThat(own.resolve("helper/cgroup.procs"))
                .as("the helper moved into a leaf")
                .hasContent("0");
        assertThat(own.resolve("overhead-run-" + seen.helper() + "-1"))
                .as("the run's cgroup, beside the leaf")
                .isDirectory();
        assertThat(top.resolve("cgroup.subtree_control")).hasContent("+memory +cpu +io");
        assertThat(session.resolve("cgroup.subtree_control"))
                .as("the session is left as it is")
                .hasContent("");
        assertThat(session.resolve("cgroup.procs"))
                .as("the helper went back when it ended")
                .hasContent("0");
        assertThat(seen.result().tree().missing()).doesNotContain("memory");
    }

    @Test
    void onlyTheControllersTheTopHasAreDelegated() throws Exception {
        assumeTrue(isRoot(), "a cgroup at the top of the hierarchy is made only as root; run the tests as root");
        controllers("cpu memory pids", "1\n412\n"); // no io: asking for it would refuse the whole list
        Seen seen = runOnce();

        assertThat(top.resolve("overhead-" + seen.helper() + "/cgroup.subtree_control"))
                .hasContent("+memory +cpu");
    }

    @Test
    void aCgroupHoldingOnlyOverheadIsDelegatedInPlace() throws Exception {
        long jvm = ProcessHandle.current().pid();
        controllers(ALL, jvm + "\n");
        Seen seen = runOnce();

        assertThat(session.resolve("cgroup.subtree_control")).hasContent("+memory +cpu +io");
        assertThat(session.resolve("overhead-" + jvm + "/cgroup.procs")).hasContent("0");
        assertThat(session.resolve("overhead-run-" + seen.helper() + "-1")).isDirectory();
        assertThat(top.resolve("overhead-" + seen.helper()))
                .as("no subtree at the top")
                .doesNotExist();
        assertThat(seen.result().tree().missing()).doesNotContain("memory");
    }

    @Test
    void withoutAMemoryControllerTheRunSaysWhyAndNothingIsMadeAtTheTop() throws Exception {
        controllers("cpu io pids", "1\n412\n");
        Seen seen = runOnce();

        assertThat(seen.result().tree().missing())
                .contains("does not delegate the memory controller")
                .contains("cgroup v2 has no memory controller on this machine");
        assertThat(top.resolve("overhead-" + seen.helper())).doesNotExist();
        assertThat(seen.result().tree().values()).doesNotContainKey("tree_peak_mem_kib");
    }

    private static boolean isRoot() {
        try {
            return Files.readString(Path.of("/proc/self/status"))
                    .lines()
                    .filter(l -> l.startsWith("Uid:"))
                    .anyMatch(l -> l.split("\\s+")[2].equals("0"));
        } catch (IOException e) {
            return false;
        }
    }
}
