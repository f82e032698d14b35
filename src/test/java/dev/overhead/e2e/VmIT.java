package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Kernels as variants, booted for real under qemu (TCG here: no /dev/kvm): two command lines of one
 * kernel, two boots each, the workload measured inside the guests; and the three refusals, each one
 * sentence: a kernel that is not there, a program that cannot be packed, a guest that panics.
 * Needs qemu-system-x86, busybox-static and linux-image-cloud-amd64 ({@code .ci/run} installs them;
 * under CI a missing one fails rather than skips).
 */
class VmIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    private Path kernel;
    private Path store;
    private Set<Long> qemuBefore;

    @BeforeEach
    void tools() throws IOException {
        String missing = missing();
        if (missing != null && System.getenv("CI") != null) {
            fail("under CI the virtual machine tests must run, but " + missing);
        }
        assumeTrue(missing == null, () -> "skipped: " + missing);
        store = overhead.home().resolve("vm.db");
        qemuBefore = new HashSet<>(qemus());
    }

    /** What is missing to boot a guest here, or null. */
    private String missing() throws IOException {
        if (onPath("qemu-system-x86_64") == null) {
            return "qemu-system-x86_64 is not installed (apt-get install qemu-system-x86)";
        }
        if (onPath("busybox") == null) {
            return "busybox is not installed (apt-get install busybox-static)";
        }
        if (onPath("cc") == null) {
            return "no C compiler to link the helper statically (apt-get install gcc libc6-dev)";
        }
        try (Stream<Path> boot = Files.list(Path.of("/boot"))) {
            kernel = boot.filter(p -> p.getFileName().toString().matches("vmlinuz-.*-cloud-amd64"))
                    .sorted()
                    .reduce((a, b) -> b)
                    .orElse(null);
        } catch (IOException e) {
            kernel = null;
        }
        return kernel == null ? "no kernel in /boot (apt-get install linux-image-cloud-amd64)" : null;
    }

    private static Path onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** Runs the launcher with room for several boots under TCG on a busy machine. */
    private Launcher.Result run(String... args) throws Exception {
        Launcher.Running running = overhead.start(Map.of(), args);
        if (!running.process().waitFor(600, TimeUnit.SECONDS)) {
            running.process().destroyForcibly();
            fail("overhead did not finish in 600 s");
        }
        return new Launcher.Result(
                running.process().exitValue(), Files.readString(running.out()), Files.readString(running.err()));
    }

    @Test
    void twoCommandLinesOfOneKernelBootTwiceEachAndAreComparedOverBoots() throws Exception {
        Path json = overhead.home().resolve("vm.json");
        long started = System.nanoTime();
        var result = run(
                "run",
                "--vm-kernel",
                kernel.toString(),
                "--vm-memory",
                "256M",
                "--boots",
                "2",
                "--runs",
                "3",
                "-V",
                "free0: vm:cmdline=init_on_free=0",
                "-V",
                "free1: vm:cmdline=init_on_free=1",
                "--store",
                store.toString(),
                "--export-json",
                json.toString(),
                "--",
                "true");
        double seconds = (System.nanoTime() - started) / 1e9;
        System.err.printf("VmIT: 4 boots in %.1f s%n", seconds);
        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stderr()).contains("makes 4 boots in this order: ");

        JsonNode root = JSON.readTree(json.toFile());
        Set<Integer> boots = new HashSet<>();
        for (JsonNode v : root.path("workloads").get(0).path("variants")) {
            Set<Integer> own = new HashSet<>();
            for (JsonNode r : v.path("runs")) {
                own.add(r.path("boot").asInt());
                assertThat(r.path("wall_s").asDouble()).isPositive();
                assertThat(r.path("max_rss_kib").asLong()).isPositive();
                assertThat(r.path("exit_code").asInt()).isZero();
            }
            assertThat(own).as("variant %s's boots", v.path("name").asText()).hasSize(2);
            boots.addAll(own);
        }
        assertThat(boots).as("4 distinct boots").containsExactlyInAnyOrder(1, 2, 3, 4);
        JsonNode wall = Launcher.comparison(root, "wall", "free1");
        assertThat(wall.path("design").asText()).isEqualTo("boots");
        assertThat(wall.path("units").path("boot").asInt()).isEqualTo(2);

        List<String> cmdlines = new ArrayList<>();
        for (JsonNode b : root.path("environment").path("vm").path("boots")) {
            String variant = b.path("variant").asText();
            String cmdline = b.path("cmdline").asText();
            assertThat(cmdline).as("boot %s", b.path("boot")).contains("init_on_free=" + variant.substring(4));
            assertThat(b.path("release").asText()).isNotEmpty();
            assertThat(kernel.getFileName().toString())
                    .endsWith(b.path("release").asText());
            assertThat(b.path("accelerator").asText()).isIn("kvm", "tcg");
            cmdlines.add(cmdline);
        }
        assertThat(cmdlines).hasSize(4);
        if (!Files.isWritable(Path.of("/dev/kvm"))) {
            assertThat(root.path("warnings").toString()).contains("TCG");
        }
        assertThat(qemuLeft()).as("qemu left running").isEmpty();
    }

    /**
     * A small C build inside the guest (the example plan's second workload): the source made by the workload's
     * prepare step in the guest's own /tmp, compiled there by tcc, which overhead packs with its libraries and its
     * folder; then a compiler folder that is not there, refused in one sentence before anything boots.
     */
    @Test
    void aCBuildRunsInsideTheGuestAndAMissingCompilerFolderIsOneSentence() throws Exception {
        if (onPath("tcc") == null) {
            if (System.getenv("CI") != null) {
                fail("under CI the guest build test must run, but tcc is not installed (apt-get install tcc)");
            }
            assumeTrue(false, "skipped: tcc is not installed (apt-get install tcc)");
        }
        Path plan = overhead.home().resolve("build.yaml");
        String files = "[/usr/lib/x86_64-linux-gnu/tcc]";
        String yaml = """
                name: vm-build
                runs: {count: 2}
                levels: {boot: 1}
                vm: {kernel: %s, memory: 256M, cpus: 1, files: %s}
                workloads:
                  - name: build
                    prepare: [sh, -c, 'awk "BEGIN { for (i = 0; i < 200; i++) printf \\"int f%%d(int x) { return x * %%d; }\\\\n\\", i, i }" > /tmp/unit.c']
                    command: [tcc, -c, /tmp/unit.c, -o, /tmp/unit.o]
                variants:
                  - {name: free0, vm: {cmdline: init_on_free=0}}
                  - {name: free1, vm: {cmdline: init_on_free=1}}
                baseline: free0
                """;
        Files.writeString(plan, yaml.formatted(kernel, files));
        Path json = overhead.home().resolve("build.json");
        var built =
                run("run", "--plan", plan.toString(), "--store", store.toString(), "--export-json", json.toString());
        assertThat(built.exitCode()).as(built.toString()).isZero();
        JsonNode root = JSON.readTree(json.toFile());
        int runs = 0;
        for (JsonNode v : root.path("workloads").get(0).path("variants")) {
            for (JsonNode r : v.path("runs")) {
                assertThat(r.path("exit_code").asInt())
                        .as("tcc's exit in the guest")
                        .isZero();
                assertThat(r.path("wall_s").asDouble()).isPositive();
                runs++;
            }
        }
        assertThat(runs).isEqualTo(4);
        assertThat(qemuLeft()).as("qemu left running").isEmpty();

        Files.writeString(plan, yaml.formatted(kernel, "[/usr/lib/x86_64-linux-gnu/no-such-tcc]"));
        var refused = run(
                "run",
                "--plan",
                plan.toString(),
                "--store",
                overhead.home().resolve("refused.db").toString());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr().strip())
                .startsWith("overhead: the file /usr/lib/x86_64-linux-gnu/no-such-tcc the workload lists for the guest"
                        + " does not exist here; give an existing path.");
        assertThat(refused.stderr()).doesNotContain("booting");
    }

    @Test
    void aKernelThatIsNotThereIsRefusedInOneSentence() throws Exception {
        var result = run(
                "run",
                "--vm-kernel",
                "/boot/vmlinuz-none",
                "-V",
                "a:",
                "-V",
                "b:",
                "--store",
                store.toString(),
                "--",
                "true");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderr().strip())
                .isEqualTo("overhead: the kernel /boot/vmlinuz-none of variant a does not exist; give the path of a"
                        + " bzImage or vmlinuz (Debian's linux-image-cloud-amd64 puts one in /boot).");
        assertThat(Files.exists(store)).as("no study was made").isFalse();
    }

    @Test
    void aProgramThatCannotBePackedIsNamedInOneSentence() throws Exception {
        var result = run(
                "run",
                "--vm-kernel",
                kernel.toString(),
                "-V",
                "a:",
                "-V",
                "b:",
                "--store",
                store.toString(),
                "--",
                "no-such-program-here",
                "--fast");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderr().strip())
                .isEqualTo("overhead: 'no-such-program-here' (workload no-such-program-here --fast) cannot be put into"
                        + " the guest: it is not on PATH here; install it, or give its full path.");
    }

    @Test
    void aGuestThatPanicsIsReportedWithItsConsoleAndTheStudyResumes() throws Exception {
        var result = run(
                "run",
                "--vm-kernel",
                kernel.toString(),
                "--vm-memory",
                "256M",
                "--label",
                "panics",
                "-V",
                "broken: vm:cmdline=rdinit=/no/such/init",
                "--store",
                store.toString(),
                "--runs",
                "1",
                "--",
                "true");
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(1);
        String said = result.stderr()
                .lines()
                .filter(l -> l.startsWith("overhead: the guest kernel"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(result.toString()));
        assertThat(said)
                .startsWith("overhead: the guest kernel of variant broken panicked during its boot (Kernel panic")
                .contains("; its console before the panic: ")
                .contains("VFS: Unable to mount root fs")
                .contains("'overhead resume ");
        assertThat(said.lines()).hasSize(1);
        assertThat(result.stderr()).doesNotContain("Exception");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + store);
                var rs = c.createStatement().executeQuery("SELECT state FROM studies")) {
            assertThat(rs.getString(1)).as("the study stays resumable").isEqualTo("interrupted");
        }
        assertThat(qemuLeft()).as("qemu left running").isEmpty();
    }

    @Test
    void sigtermDuringAGuestsRunStopsTheGuestAndKeepsTheStudyResumable() throws Exception {
        Launcher.Running running = overhead.start(
                Map.of(),
                "run",
                "--vm-kernel",
                kernel.toString(),
                "--vm-memory",
                "256M",
                "--label",
                "stopped",
                "-V",
                "a:",
                "-V",
                "b:",
                "--runs",
                "6",
                "--store",
                store.toString(),
                "--",
                "sleep",
                "0.3");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(400);
        while (runs() == 0) { // the first guest has measured a run: the next one is in flight in it
            assertThat(running.process().isAlive())
                    .as(() -> "ended before its first run: " + read(running.err()))
                    .isTrue();
            assertThat(System.nanoTime()).as("a first run within 400 s").isLessThan(deadline);
            Thread.sleep(200);
        }
        new ProcessBuilder("kill", "-TERM", Long.toString(running.process().pid()))
                .start()
                .waitFor();
        assertThat(running.process().waitFor(60, TimeUnit.SECONDS))
                .as("ended after SIGTERM")
                .isTrue();
        String err = read(running.err());
        assertThat(running.process().exitValue()).as(err).isEqualTo(143);
        assertThat(err).contains("'overhead resume ").doesNotContain("Exception");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + store);
                var rs = c.createStatement().executeQuery("SELECT state FROM studies")) {
            assertThat(rs.getString(1)).as("the study stays resumable").isEqualTo("interrupted");
        }
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!qemuLeft().isEmpty() && System.nanoTime() < until) {
            Thread.sleep(100);
        }
        assertThat(qemuLeft()).as("qemu left running").isEmpty();

        // and resume boots the rest: every run of both variants, once, and the study done
        String id;
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + store);
                var rs = c.createStatement().executeQuery("SELECT id FROM studies")) {
            id = rs.getString(1);
        }
        int before = runs();
        var resumed = run("resume", id, "--store", store.toString(), "--format", "json");
        assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
        assertThat(runs()).as("runs after the resume (%d before)", before).isEqualTo(12);
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + store);
                var rs = c.createStatement()
                        .executeQuery("SELECT state, (SELECT count(DISTINCT variant || '/' || idx) FROM runs) FROM"
                                + " studies")) {
            assertThat(rs.getString(1)).isEqualTo("done");
            assertThat(rs.getInt(2)).as("each run once").isEqualTo(12);
        }
        assertThat(qemuLeft()).as("qemu left running after the resume").isEmpty();
    }

    private int runs() {
        if (!Files.exists(store)) {
            return 0;
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + store);
                var rs = c.createStatement().executeQuery("SELECT count(*) FROM runs")) {
            return rs.getInt(1);
        } catch (java.sql.SQLException e) {
            return 0; // not made yet, or busy
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    /** qemu processes of overhead's guests that this test started and that are still running. */
    private List<Long> qemuLeft() {
        return qemus().stream().filter(p -> !qemuBefore.contains(p)).toList();
    }

    private static List<Long> qemus() {
        return ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").matches(".*qemu-system.*overhead-vm-.*"))
                .map(ProcessHandle::pid)
                .toList();
    }
}
