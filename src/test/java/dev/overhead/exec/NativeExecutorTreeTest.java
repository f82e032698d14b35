package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole process tree through a cgroup made for each run (overhead-tree.c), against a reference
 * whose answer is known: two processes of 100 MiB side by side. Skipped, with the helper's reason,
 * where no cgroup can be made (not root and no delegated cgroup).
 */
@Processes
class NativeExecutorTreeTest {
    static NativeExecutor executor;
    static String noCgroup;

    @TempDir
    static Path dir;

    static Path holder;

    @BeforeAll
    static void start() throws Exception {
        Commands.assumeCompiler();
        executor = NativeExecutor.start();
        ExecResult probe = executor.run(ExecRequest.of(List.of("true")).withTree());
        noCgroup = probe.tree().values().containsKey("tree_peak_mem_kib")
                ? null
                : probe.tree().missing();
        holder = holder(dir);
    }

    @AfterAll
    static void stop() {
        if (executor != null) executor.close();
    }

    static void assumeCgroup() {
        assumeTrue(noCgroup == null, () -> "no cgroup can be made for a run here: " + noCgroup);
    }

    /**
     * Touches 100 MiB, says so with a file {@code ARG/held.PID}, and holds it until two such files
     * exist (at most 30 s), so that two of them overlap however late the second one starts.
     */
    static Path holder(Path dir) throws IOException, InterruptedException {
        Path src = dir.resolve("hold.c");
        Path bin = dir.resolve("hold");
        Files.writeString(src, """
                #include <dirent.h>
                #include <fcntl.h>
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                #include <unistd.h>
                int main(int argc, char **argv) {
                    size_t n = (size_t)100 << 20;
                    char *p = malloc(n);
                    if (!p || argc < 2) return 1;
                    memset(p, 1, n);
                    char mark[4096];
                    snprintf(mark, sizeof mark, "%s/held.%d", argv[1], (int)getpid());
                    close(open(mark, O_CREAT | O_WRONLY, 0644));
                    for (int i = 0, seen = 0; seen < 2 && i < 3000; i++) {
                        DIR *d = opendir(argv[1]);
                        struct dirent *e;
                        seen = 0;
                        while (d && (e = readdir(d))) seen += strncmp(e->d_name, "held.", 5) == 0;
                        if (d) closedir(d);
                        usleep(10000);
                    }
                    volatile char *v = p;
                    return v[n - 1] == 1 ? 0 : 2;
                }
                """);
        Process p = new ProcessBuilder(
                        NativeHelper.compiler().orElseThrow(), "-O0", "-o", bin.toString(), src.toString())
                .inheritIO()
                .start();
        if (p.waitFor() != 0) throw new IOException("cannot compile the holding program");
        return bin;
    }

    @Test
    void twoProcessesOf100MibSideBySideMakeATreeOf200MibWhileMaxRssStaysAt100() throws Exception {
        assumeCgroup();
        Path marks = Files.createTempDirectory(dir, "marks");
        String h = holder + " " + marks;
        ExecResult r = executor.run(
                ExecRequest.of(List.of("sh", "-c", h + " & " + h + " & wait")).withTree());
        assertThat(r.exitCode()).isZero();
        double mib = r.tree().values().get("tree_peak_mem_kib") / 1024;
        assertThat(r.maxRssKib() / 1024.0)
                .as("max_rss: the largest single process")
                .isBetween(95.0, 130.0);
        assertThat(mib).as("tree peak: both together").isBetween(195.0, 260.0);
    }

    @Test
    void treeCpuCoversTheCommandsCpuAndTheHelpersOwnIsLeftOut() throws Exception {
        assumeCgroup();
        ExecResult r = executor.run(ExecRequest.of(Commands.BUSY).withTree());
        double cpu = r.userS() + r.sysS();
        // wait4's user+sys is exact to ~1 us; the cgroup's sum is the same scheduler time (+/- a few ms).
        assertThat(r.tree().values().get("tree_cpu_s")).isCloseTo(cpu, within(Math.max(0.01, cpu * 0.05)));
    }

    @Test
    void whatTheCommandLeavesOutsideItsProcessGroupIsKilledWithTheCgroup() throws Exception {
        assumeCgroup();
        // setsid leaves the process group, so only the cgroup still knows the sleeper belongs to the run
        ExecResult r = executor.run(
                Commands.captured(List.of("sh", "-c", "setsid sleep 60 </dev/null >/dev/null 2>&1 & echo $!"))
                        .withTree());
        long pid = Long.parseLong(r.stdout().strip());
        assertThat(r.leftBehind()).isTrue();
        assertThat(Commands.gone(pid)).as("the escaped sleeper was killed").isTrue();
    }

    /**
     * Each run starts in cgroups of its own, whatever the helper does with them between runs (the next run's are
     * made ahead, after the last reply), and a command run without the tree starts in none of a run's, or that
     * run would be charged for it.
     */
    @Test
    void eachRunStartsInCgroupsOfItsOwnAndACommandWithoutTheTreeInNoneOfThem() throws Exception {
        assumeCgroup();
        List<String> cat = List.of("cat", "/proc/self/cgroup");
        String first = executor.run(Commands.captured(cat).withTree()).stdout();
        String second = executor.run(Commands.captured(cat).withTree()).stdout();
        String without = executor.run(Commands.captured(cat)).stdout();
        String third = executor.run(Commands.captured(cat).withTree()).stdout();
        List<String> runs = Stream.of(first, second, third)
                .map(NativeExecutorTreeTest::runCgroups)
                .toList();
        assertThat(runs).allSatisfy(r -> assertThat(r).as("a run's cgroups").isNotEmpty());
        assertThat(runs).as("one set of cgroups per run").doesNotHaveDuplicates();
        assertThat(runCgroups(without))
                .as("a command without the tree, after a run")
                .isEmpty();
    }

    /** The lines of /proc/self/cgroup that name a run's cgroup, joined; "" where none does. */
    private static String runCgroups(String procSelfCgroup) {
        return procSelfCgroup.lines().filter(l -> l.contains("/overhead-run-")).reduce("", (a, b) -> a + b + "\n");
    }

    @Test
    void theRunsCgroupsAreRemovedWhenTheHelperEndsAndNotAskingGivesNone() throws Exception {
        assumeCgroup();
        List<Path> bases;
        String prefix;
        try (NativeExecutor own = NativeExecutor.start()) {
            for (int i = 0; i < 3; i++) {
                assertThat(own.run(ExecRequest.of(List.of("true")).withTree())
                                .tree()
                                .values())
                        .containsKeys("tree_peak_mem_kib", "tree_cpu_s");
            }
            assertThat(own.run(ExecRequest.of(List.of("true"))).tree()).isEqualTo(ProcessTree.NONE);
            prefix = "overhead-run-" + own.helperPid() + "-";
            bases = Files.readAllLines(Path.of("/proc", Long.toString(own.helperPid()), "cgroup")).stream()
                    .map(line -> line.split(":", 3))
                    .map(f -> Path.of("/sys/fs/cgroup", f[1].isEmpty() ? "unified" : f[1].split(",")[0], f[2]))
                    .filter(Files::isDirectory)
                    .toList();
            for (Path base : bases) { // the next run's, made ahead, at most
                assertThat(children(base, prefix)).as("run cgroups in " + base).hasSizeLessThanOrEqualTo(1);
            }
        }
        for (Path base : bases) {
            assertThat(children(base, prefix)).as("run cgroups left in " + base).isEmpty();
        }
    }

    private static List<String> children(Path base, String prefix) throws IOException {
        try (Stream<Path> children = Files.list(base)) {
            return children.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(prefix))
                    .toList();
        }
    }

    @Test
    void aFloodOnStderrKeepsItsTailButNotItsMemory() throws Exception {
        // stderr goes to an anonymous file whose pages are given back every 50 ms (overhead-wait.c,
        // "waiting"); the file's pages are charged to the run's cgroup, so the tree's peak shows
        // whether they were: 300 MiB kept whole would show as at least that. The flood comes in
        // 10 MiB bursts with a pause longer than that period between them: one dd of 300 MiB at
        // once writes faster than 50 ms a batch on a quick machine (CI saw a 230 MiB peak), which
        // tests the machine's speed, not whether the pages are given back.
        String flood = "i=0; while [ $i -lt 30 ]; do dd if=/dev/zero bs=1M count=10 status=none >&2;"
                + " sleep 0.08; i=$((i+1)); done; echo END >&2; exit 3";
        ExecResult r = executor.run(ExecRequest.of(List.of("sh", "-c", flood)).withTree());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.stderrTail()).endsWith("\0END\n").hasSize(4096);
        if (noCgroup == null) {
            assertThat(r.tree().values().get("tree_peak_mem_kib") / 1024).isLessThan(150.0);
        }
    }

    @Test
    void absentFiguresAreNamedWithHowToGetThem() {
        String why = ProcessTree.unavailable(
                List.of("tree_peak_mem_kib", "tree_cpu_s", "psi_cpu_s"), "cannot make a cgroup for the run (EACCES)");
        assertThat(why)
                .startsWith("tree_peak_mem_kib, tree_cpu_s, psi_cpu_s are not measured: cannot make a cgroup")
                .contains("systemd-run --user --scope");
        assertThat(ProcessTree.of(new boolean[] {true, true, true, true, false, false, false}, new long[7], "no PSI")
                        .missing())
                .isEqualTo("psi_cpu_s, psi_mem_s, psi_io_s are not measured: no PSI");
        assertThat(ProcessTree.of(new boolean[7], new long[7], "x").values()).isEqualTo(Map.of());
    }
}
