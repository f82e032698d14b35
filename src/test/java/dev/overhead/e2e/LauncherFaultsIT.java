package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the launcher does before Java can: SIGQUIT (Ctrl-\) puts no JVM thread dump into the output, so a
 * JSON report still parses (issue 33, case 3); a deleted working directory is one sentence (case 7).
 */
class LauncherFaultsIT {
    @RegisterExtension
    final Launcher overhead = new Launcher();

    @Test
    void aQuitSignalLeavesTheJsonReportWhole() throws Exception {
        Launcher.Running running =
                overhead.start(Map.of(), "run", "--runs", "8", "--format", "json", "--label", "quit", "sleep 0.2");
        Thread.sleep(2500); // the JVM is up and measuring
        new ProcessBuilder("kill", "-QUIT", Long.toString(running.process().pid()))
                .start()
                .waitFor();
        Launcher.Result r = running.finish();
        assertThat(r.stdout()).doesNotContain("Full thread dump");
        assertThat(r.stderr()).doesNotContain("Full thread dump");
        assertThat(new ObjectMapper().readTree(r.stdout()).get("schema").asText())
                .as(r.toString())
                .isEqualTo("overhead/1");
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
}
