package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.store.TestPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two agents on this machine under different machine names against a PostgreSQL team store: a
 * submitted plan runs once per machine; one agent killed (kill -9) mid-study and started again
 * completes its study with no run lost or doubled; the machines are then compared and pooled.
 */
class FleetIT {
    @RegisterExtension
    final Launcher overhead = new Launcher();

    private static final int RUNS = 10;

    @Test
    @Timeout(400)
    void aPlanSubmittedToTwoAgentsRunsOnBothAndSurvivesAnAgentKilledMidStudy() throws Exception {
        String store = TestPostgres.freshStore();
        Map<String, String> env = Map.of("OVERHEAD_STORE", store);
        Path plan = overhead.home().resolve("plan.yaml");
        Files.writeString(plan, """
                name: fleet
                runs: {count: %d}
                order: interleaved
                workloads:
                  - name: nap
                    command: [sleep, "0.25"]
                variants:
                  - name: plain
                  - name: niced
                    prefix: [nice, -n, "1"]
                baseline: plain
                """.formatted(RUNS));

        var submitted = overhead.start(
                        env, "submit", "--plan", plan.toString(), "--machines", "alpha,beta", "--new-machine")
                .finish();
        assertThat(submitted.exitCode()).as(submitted.toString()).isZero();
        String submission = submitted.stdout().lines().findFirst().orElseThrow().split("[ :]")[1];
        String alpha = submission + "@alpha";
        String beta = submission + "@beta";

        var agentA = overhead.start(env, "agent", "--machine", "alpha", "--once", "--heartbeat", "1s");
        var agentB = overhead.start(env, "agent", "--machine", "beta", "--once", "--heartbeat", "1s");
        int before = 0;
        for (int i = 0; i < 1200 && before < 4; i++) {
            Thread.sleep(100);
            before = runs(store, alpha).size();
        }
        assertThat(before).as("alpha's runs before the kill").isGreaterThanOrEqualTo(4);
        agentA.process().toHandle().destroyForcibly(); // kill -9: no chance to hand anything back
        assertThat(agentA.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        int atKill = runs(store, alpha).size();
        assertThat(atKill).as("killed mid-study").isLessThan(2 * RUNS);
        // the queue shows the dead agent's study stalled once its heartbeats (1 s) have been missed 4 times
        String queue = "";
        for (int i = 0;
                i < 60 && !queue.matches("(?s).*" + java.util.regex.Pattern.quote(alpha) + " +stalled .*");
                i++) {
            Thread.sleep(1000);
            var shown = overhead.start(env, "queue").finish();
            assertThat(shown.exitCode()).as(shown.toString()).isZero();
            queue = shown.stdout();
        }
        assertThat(queue)
                .as("the queue after kill -9 of alpha's agent")
                .containsPattern(java.util.regex.Pattern.quote(alpha) + " +stalled +alpha ")
                .contains("stalled: its agent stopped heartbeating");

        var again = overhead.start(env, "agent", "--machine", "alpha", "--once", "--heartbeat", "1s")
                .finish();
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(again.stderr()).contains("resuming study " + alpha);
        var doneB = agentB.finish();
        assertThat(doneB.exitCode()).as(doneB.toString()).isZero();
        assertThat(doneB.stderr()).contains("starting study " + beta).doesNotContain(alpha);

        for (String label : List.of(alpha, beta)) {
            List<String> keys = runs(store, label);
            assertThat(keys).as(label + ": every run once").hasSize(2 * RUNS).doesNotHaveDuplicates();
            for (String variant : List.of("plain", "niced")) {
                for (int idx = 0; idx < RUNS; idx++) {
                    assertThat(keys).contains(variant + "/" + idx);
                }
            }
        }
        assertThat(state(store, alpha)).isEqualTo("done");
        assertThat(state(store, beta)).isEqualTo("done");
        // each study says which machine ran it, though both agents ran on this one host
        assertThat(column(store, alpha, "environment")).contains("\"machine\":\"alpha\"");
        assertThat(column(store, beta, "environment")).contains("\"machine\":\"beta\"");
        // both join the history of the plan's name (issue 31 case 1), not a label of their own
        assertThat(column(store, alpha, "label")).isEqualTo("fleet");
        assertThat(column(store, beta, "label")).isEqualTo("fleet");

        var compared =
                overhead.start(env, "compare", "--submission", submission).finish();
        assertThat(compared.exitCode()).as(compared.toString()).isZero();
        assertThat(compared.stdout())
                .contains("2 machines (alpha, beta)")
                .contains("pooled over machines")
                .containsPattern("(?m)^nap +niced +[+-]\\d");
        assertThat(compared.stdout())
                .containsPattern("(?m)^alpha +nap +niced")
                .containsPattern("(?m)^beta +nap +niced");

        // the same pooled comparison, as JSON and on the submission's page of 'overhead serve'
        var json = overhead.start(env, "compare", "--submission", submission, "--format", "json")
                .finish();
        assertThat(json.exitCode()).as(json.toString()).isZero();
        var server = overhead.start(env, "serve", "--port", "0");
        try {
            String base = ServeAddress.await(server);
            var http = java.net.http.HttpClient.newHttpClient();
            var api = http.send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "api/submission/" + submission))
                            .build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(api.statusCode()).as(api.body()).isEqualTo(200);
            assertThat(api.body()).isEqualTo(json.stdout());
            var page = http.send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "submission/" + submission))
                            .build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            var pooled = java.util.regex.Pattern.compile("(?m)^nap +niced +(\\S+) +(\\[.*?\\])")
                    .matcher(compared.stdout());
            assertThat(pooled.find()).isTrue();
            assertThat(page.body())
                    .contains("<th>alpha</th><th>beta</th>")
                    .contains(pooled.group(1) + " " + pooled.group(2));
        } finally {
            server.process().destroy();
            server.process().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /**
     * An agent with an allow-list ({@code agent --allow-program}) stores a submitted study that would start a program
     * off its list as failed, with the sentence and no run, and measures the next one, which keeps to the list.
     */
    @Test
    @Timeout(200)
    void anAgentRunsOnlyWhatItsAllowListNames() throws Exception {
        String store = TestPostgres.freshStore();
        Map<String, String> env = Map.of("OVERHEAD_STORE", store);
        String[] ids = new String[2];
        String[] other = {"prefix: [nice, -n, \"1\"]", "env: {QUIET: \"1\"}"};
        for (int i = 0; i < 2; i++) {
            Path plan = overhead.home().resolve("allow" + i + ".yaml");
            Files.writeString(plan, """
                    name: allowed-%d
                    runs: {count: 3}
                    workloads:
                      - name: nap
                        command: [sleep, "0.01"]
                    variants:
                      - name: plain
                      - name: other
                        %s
                    baseline: plain
                    """.formatted(i, other[i]));
            var submitted = overhead.start(
                            env, "submit", "--plan", plan.toString(), "--machines", "gamma", "--new-machine")
                    .finish();
            assertThat(submitted.exitCode()).as(submitted.toString()).isZero();
            ids[i] = submitted.stdout().lines().findFirst().orElseThrow().split("[ :]")[1] + "@gamma";
        }
        var agent = overhead.start(
                        env, "agent", "--machine", "gamma", "--once", "--heartbeat", "1s", "--allow-program", "sleep")
                .finish();
        assertThat(agent.exitCode()).as(agent.toString()).isZero();
        assertThat(state(store, ids[0])).isEqualTo("failed");
        assertThat(runs(store, ids[0])).as("nothing of the refused study ran").isEmpty();
        var refused =
                overhead.start(env, "report", "--format", "json", "allowed-0").finish();
        assertThat(refused.stdout()).contains("this agent runs only sleep (--allow-program)", "would start nice");
        assertThat(state(store, ids[1])).isEqualTo("done");
        assertThat(runs(store, ids[1])).hasSize(6);
    }

    /** The runs stored for a study, as "variant/index". */
    private static List<String> runs(String store, String label) throws Exception {
        List<String> out = new ArrayList<>();
        try (var c = TestPostgres.connect(store);
                var st = c.prepareStatement("SELECT r.variant || '/' || r.idx FROM runs r JOIN studies s ON s.id ="
                        + " r.study WHERE s.submission || '@' || s.machine = ?")) {
            st.setString(1, label);
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        } catch (java.sql.SQLException e) {
            if (!"42P01".equals(e.getSQLState())) { // the tables are made by the first agent
                throw e;
            }
        }
        return out;
    }

    private static String state(String store, String label) throws Exception {
        return column(store, label, "state");
    }

    private static String column(String store, String label, String column) throws Exception {
        try (var c = TestPostgres.connect(store);
                var st = c.prepareStatement(
                        "SELECT " + column + " FROM studies WHERE submission || '@' || machine = ?")) {
            st.setString(1, label);
            try (var rs = st.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
