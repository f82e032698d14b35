package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two studies of the same writing profile at once both finish: each has its own scratch directory (issue 29: two
 * dbench studies in one fixed /var/tmp failed, "open /var/tmp/clients/client0/... failed", once one's clients
 * deleted what the other's were using), and the directory is gone when the study is.
 */
class ConcurrentStudiesIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher first = new Launcher();

    @RegisterExtension
    final Launcher second = new Launcher();

    private static Launcher.Running dbench(Launcher overhead) throws Exception {
        return overhead.start(
                Map.of(),
                "run",
                "--workload",
                "dbench:seconds=2",
                "-V",
                "a:",
                "-V",
                "b:",
                "--runs",
                "2",
                "--warmup",
                "1",
                "--format",
                "json");
    }

    @Test
    void twoDbenchStudiesAtOnceBothFinishAndLeaveNoScratchBehind() throws Exception {
        Tool.require("dbench");
        Launcher.Running one = dbench(first);
        Launcher.Running two = dbench(second);
        Launcher.Result r1 = one.finish();
        Launcher.Result r2 = two.finish();

        assertThat(r1.exitCode()).as(r1.toString()).isZero();
        assertThat(r2.exitCode()).as(r2.toString()).isZero();
        for (Launcher.Result r : new Launcher.Result[] {r1, r2}) {
            JsonNode root = JSON.readTree(r.stdout());
            assertThat(root.path("workloads").get(0).path("variants").get(1).path("runs"))
                    .hasSize(2);
            String id = root.path("study").path("id").asText();
            try (Stream<Path> left = Files.list(Path.of("/var/tmp"))) {
                assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("overhead-" + id));
            }
        }
    }
}
