package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** SIGQUIT (Ctrl-\) puts no JVM thread dump into the output: a JSON report still parses (issue 33, case 3). */
class QuitSignalIT {
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
}
