package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.overhead.Processes;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --notify URL} posts JSON when a study's primary metric is worse and when a study makes a change point
 * appear in its label's history (before: nobody was told), checked against a receiver on 127.0.0.1 only.
 */
@Processes
class NotifyTest {
    @TempDir
    Path dir;

    private HttpServer receiver;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<String> types = new CopyOnWriteArrayList<>();
    private volatile int answer = 204;

    @BeforeEach
    void listen() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", exchange -> {
            types.add(exchange.getRequestMethod() + " "
                    + exchange.getRequestHeaders().getFirst("Content-Type"));
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(answer, -1);
            exchange.close();
        });
        receiver.start();
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
    }

    private StoreSafetyTest.Result study(String scale, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(
                "run",
                "--fake-exec",
                "--runs",
                "6",
                "--seed",
                "5",
                "--store",
                dir.resolve("store.db").toString(),
                "--label",
                "nightly",
                "--commit",
                "c0ffee",
                "--branch",
                "main",
                "--notify",
                url()));
        args.addAll(List.of(more));
        args.addAll(List.of("-V", "base:", "-V", "hardened: FAKE_SCALE=" + scale, "--", "fake", "wall=1", "jitter=1%"));
        return overhead(args.toArray(String[]::new));
    }

    @Test
    void aWorsePrimaryIsPostedAsJsonAndAnEqualOneIsNot() throws Exception {
        var same = study("1.00");
        assertThat(same.code()).as(same.err()).isZero();
        assertThat(bodies).as("no regression, no post").isEmpty();

        var worse = study("1.30");
        assertThat(worse.code()).as(worse.err()).isZero();
        assertThat(bodies).hasSize(1);
        assertThat(types).containsExactly("POST application/json");
        JsonNode body = new ObjectMapper().readTree(bodies.getFirst());
        assertThat(body.path("event").asText()).isEqualTo("worse");
        assertThat(body.path("label").asText()).isEqualTo("nightly");
        assertThat(body.path("commit").asText()).isEqualTo("c0ffee");
        assertThat(body.path("branch").asText()).isEqualTo("main");
        JsonNode r = body.path("regressions").get(0);
        assertThat(r.path("workload").asText()).isEqualTo("fake wall=1 jitter=1%");
        assertThat(r.path("candidate").asText()).isEqualTo("hardened");
        assertThat(r.path("metric").asText()).isEqualTo("wall");
        assertThat(r.path("ci_low_pct").asDouble()).isGreaterThan(20);
        assertThat(body.path("study").asText()).isNotBlank();
    }

    @Test
    void aStepInTheLabelsHistoryIsPostedOnceTheStudiesAfterItShowIt() throws Exception {
        // +4% for four nightly studies, then +16%: a step of 12 points the studies' own intervals (±1%) settle
        List<String> ids = new java.util.ArrayList<>();
        List<Integer> changePointsAfter = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            var r = study(i < 4 ? "1.04" : "1.16");
            assertThat(r.code()).as(r.err()).isZero();
            for (String b : bodies) {
                JsonNode body = new ObjectMapper().readTree(b);
                if (body.path("event").asText().equals("worse")) {
                    if (!ids.contains(body.path("study").asText())) {
                        ids.add(body.path("study").asText());
                    }
                } else if (body.path("event").asText().equals("change_point")) {
                    changePointsAfter.add(i);
                    assertThat(body.path("study").asText()).isEqualTo(ids.get(i));
                    JsonNode step = body.path("change_points").get(0);
                    assertThat(step.path("metric").asText()).isEqualTo("wall");
                    assertThat(step.path("candidate").asText()).isEqualTo("hardened");
                    assertThat(step.path("starts_at").asText())
                            .as("the first study at +16%")
                            .isEqualTo(ids.get(4));
                    assertThat(step.path("before_pct").asDouble()).isBetween(3.0, 5.0);
                    assertThat(step.path("after_pct").asDouble()).isBetween(15.0, 17.0);
                    assertThat(body.path("label").asText()).isEqualTo("nightly");
                }
            }
            bodies.clear();
        }
        assertThat(ids).as("every study was worse, so each posted once").hasSize(8);
        assertThat(changePointsAfter)
                .as("the step is told once, as soon as the history shows it (here asv's fit, weighted by the tight"
                        + " intervals, already at the first study of the new level); never while the series is flat,"
                        + " and not again as more studies confirm it")
                .hasSize(1)
                .allMatch(i -> i >= 4);
    }

    @Test
    void aReceiverThatFailsIsAWarningNotAFailure() {
        answer = 500;
        var worse = study("1.30");
        assertThat(worse.code()).as(worse.err()).isZero();
        assertThat(worse.err())
                .contains("warning: --notify http://127.0.0.1:"
                        + receiver.getAddress().getPort() + " answered 500")
                .doesNotContain("/hook");
        assertThat(bodies).hasSize(1);
    }

    @Test
    void aUrlThatIsNotHttpIsRefusedBeforeAnythingRuns() {
        var refused = overhead("run", "--fake-exec", "--notify", "mailto:team@example.org", "--", "fake", "wall=1");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("--notify mailto:team@example.org is not an http or https URL");
    }
}
