package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the launcher does before Java can: SIGQUIT (Ctrl-\) puts no JVM thread dump into the output, so a
 * JSON report still parses, and it ends the study as SIGTERM does (issue 33, case 3); a deleted working
 * directory is one sentence (case 7).
 */
class LauncherFaultsIT {
    @RegisterExtension
    final Launcher overhead = new Launcher();

    @Test
    void aQuitSignalLeavesTheJsonReportWhole() throws Exception {
        Launcher.Running running =
                overhead.start(Map.of(), "run", "--runs", "60", "--format", "json", "--label", "quit", "sleep 0.2");
        // the JVM is up and measuring: 25 runs of 0.2 s take 5 s, so a quick machine is still in the study
        // at 2.5 s (with 8 runs it could be done, and the signal proved nothing); 60 runs leave 10 s more
        // than the 3 s the signal takes to end it
        Thread.sleep(2500);
        assertThat(running.process().isAlive())
                .as("still measuring when the signal comes")
                .isTrue();
        assertThat(new ProcessBuilder(
                                "kill", "-QUIT", Long.toString(running.process().pid()))
                        .start()
                        .waitFor())
                .isZero();
        long t0 = System.nanoTime();
        Launcher.Result r = running.finish();
        double took = (System.nanoTime() - t0) / 1e9;
        assertThat(r.stdout()).doesNotContain("Full thread dump");
        assertThat(r.stderr()).doesNotContain("Full thread dump");
        assertThat(new ObjectMapper().readTree(r.stdout()).get("schema").asText())
                .as(r.toString())
                .isEqualTo("overhead/1");
        // and it stops the study as SIGTERM does, within the 3 s the alarm takes (study.Interrupts)
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(143);
        assertThat(r.stderr()).contains("interrupted; the ").contains("'overhead resume ");
        assertThat(took).as("seconds from the signal to the end").isLessThan(20);
    }

    @Test
    void aDeletedWorkingDirectoryIsOneSentenceNotAJvmTrace() throws Exception {
        java.nio.file.Path gone = overhead.home().resolve("gone");
        Process p = new ProcessBuilder(
                        "bash",
                        "-c",
                        "mkdir \"$1\" && cd \"$1\" && rmdir \"$1\" && exec \"$2\" list",
                        "sh",
                        gone.toString(),
                        Launcher.ROOT.resolve("overhead").toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isEqualTo(1);
        // bash itself may say "shell-init: error retrieving current directory" first, before the launcher runs
        assertThat(out.strip().lines().reduce((a, b) -> b).orElse(""))
                .startsWith("overhead: the current directory no longer exists");
        assertThat(out).doesNotContain("\tat ").doesNotContain("Error occurred during initialization of VM");
    }

    @Test
    void aFullTmpLeavesTheFirstLineOfStderrToOverhead() throws Exception {
        // /tmp full, in a mount namespace of this test's own (a 64 KiB tmpfs filled up), with the checkout
        // bound elsewhere so that it stays visible: the JVM's hsperfdata warning came first (issue 33, case 7)
        Assumptions.assumeTrue(
                new ProcessBuilder("unshare", "-m", "true").start().waitFor() == 0,
                "unshare -m is not permitted here (needs root or user namespaces)");
        // the checkout is bound over /mnt (in this namespace only): a checkout under /tmp would be hidden too
        java.nio.file.Path store = Launcher.ROOT
                .resolve("target")
                .resolve("full-tmp-" + ProcessHandle.current().pid() + ".db");
        String script = "set -e; mount --bind \"$1\" /mnt; mount -t tmpfs -o size=64k tmpfs /tmp;"
                + " dd if=/dev/zero of=/tmp/fill bs=4k count=100 2>/dev/null || true;"
                + " cd /mnt; exec ./overhead run --fake-exec --store \"/mnt/target/$2\" --runs 3 'fake wall=1'"
                + " 'fake wall=1.1'";
        Process p = new ProcessBuilder(
                        "unshare",
                        "-m",
                        "bash",
                        "-c",
                        script,
                        "sh",
                        Launcher.ROOT.toString(),
                        store.getFileName().toString())
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(err).isZero();
        assertThat(new String(out, java.nio.charset.StandardCharsets.UTF_8)).contains("fake wall=1.1");
        assertThat(err).doesNotContain("OpenJDK").doesNotContain("hsperfdata");
        for (String suffix : new String[] {"", "-wal", "-shm", ".lock"}) {
            java.nio.file.Files.deleteIfExists(java.nio.file.Path.of(store + suffix));
        }
    }
}
