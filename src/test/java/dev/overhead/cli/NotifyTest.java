package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
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
 * Issue 31 case 6: {@code --notify URL} posts JSON when a study's primary metric is worse (before: nobody was
 * told), checked against a receiver on 127.0.0.1 only.
 */
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
