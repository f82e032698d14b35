package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import dev.overhead.store.TestPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31 on a real PostgreSQL, in this JVM with the fake executor: a nightly submission to three machines under
 * one label forms each machine's history; the queue is visible and cancellable; a misspelt machine is refused.
 */
@Processes
class FleetTeamTest {
    @TempDir
    Path dir;

    private Path plan() throws Exception {
        return plan("nightly", 3, "1.10");
    }

    /** A plan of a fake workload, its candidate {@code scale} × the baseline. */
    private Path plan(String name, int runs, String scale) throws Exception {
        Path plan = dir.resolve(name + ".yaml");
        Files.writeString(plan, """
                name: %s
                runs: {count: %d}
                workloads:
                  - name: nap
                    command: [fake, "wall=1", "jitter=1%%"]
                variants:
                  - name: base
                  - name: hardened
                    env: {FAKE_SCALE: "%s"}
                """.formatted(name, runs, scale));
        return plan;
    }

    private static String submission(StoreSafetyTest.Result submitted) {
        assertThat(submitted.code()).as(submitted.err()).isZero();
        return submitted.out().lines().findFirst().orElseThrow().split("[ :]")[1];
    }

    /** Case 1 (before: labels SUBMISSION@MACHINE, one point per series) and case 6 (commit and branch recorded). */
    @Test
    @Timeout(300)
    void nightlySubmissionsJoinEachMachinesHistoryUnderThePlansName() throws Exception {
        String store = TestPostgres.freshStore();
        Path plan = plan();
        List<String> submissions = new ArrayList<>();
        for (int night = 0; night < 2; night++) {
            String sub = submission(overhead(
                    "submit",
                    "--store",
                    store,
                    "--plan",
                    plan.toString(),
                    "--machines",
                    "a,b,c",
                    "--new-machine",
                    "--commit",
                    "c0ffee" + night,
                    "--branch",
                    "main"));
            submissions.add(sub);
            for (String m : List.of("a", "b", "c")) {
                var agent = overhead(
                        "agent", "--store", store, "--machine", m, "--once", "--fake-exec", "--heartbeat", "1s");
                assertThat(agent.code()).as(agent.err()).isZero();
            }
        }
        var list = overhead("list", "--store", store);
        assertThat(list.out().lines().filter(l -> l.contains("nightly")).count())
                .as(list.out())
                .isEqualTo(6);
        try (var c = TestPostgres.connect(store);
                var st = c.createStatement();
                var rs = st.executeQuery(
                        "SELECT label, machine, submission, commit_sha, branch FROM studies ORDER BY" + " created")) {
            int n = 0;
            while (rs.next()) {
                assertThat(rs.getString(1)).isEqualTo("nightly");
                assertThat(rs.getString(2)).isIn("a", "b", "c");
                assertThat(rs.getString(3)).isEqualTo(submissions.get(n / 3));
                assertThat(rs.getString(4)).isEqualTo("c0ffee" + (n / 3));
                assertThat(rs.getString(5)).isEqualTo("main");
                n++;
            }
            assertThat(n).isEqualTo(6);
        }
        var compared = overhead("compare", "--store", store, "--submission", submissions.get(1));
        assertThat(compared.code()).as(compared.err()).isZero();
        assertThat(compared.out()).contains("3 machines (a, b, c)");
        // the queue is empty once every agent is done
        var queue = overhead("queue", "--store", store);
        assertThat(queue.out()).startsWith("nothing is queued");
    }

    /** Case 3 (before: no queue command; a misspelt machine was queued for ever). */
    @Test
    @Timeout(300)
    void theQueueListsAndCancelsAndAMisspeltMachineIsRefused() throws Exception {
        String store = TestPostgres.freshStore();
        Path plan = plan();
        var first = overhead("submit", "--store", store, "--plan", plan.toString(), "--machines", "alpha");
        assertThat(first.code()).isEqualTo(2);
        assertThat(first.err()).contains("no agent has announced alpha").contains("--new-machine");
        var queued =
                overhead("submit", "--store", store, "--plan", plan.toString(), "--machines", "alpha", "--new-machine");
        assertThat(queued.err()).contains("warning: no agent has announced alpha yet");
        String sub = submission(queued);
        var ran =
                overhead("agent", "--store", store, "--machine", "alpha", "--once", "--fake-exec", "--heartbeat", "1s");
        assertThat(ran.code()).as(ran.err()).isZero();

        var misspelt = overhead("submit", "--store", store, "--plan", plan.toString(), "--machines", "alpha,aplha");
        assertThat(misspelt.code()).isEqualTo(2);
        assertThat(misspelt.err()).contains("no agent has announced aplha").contains("known: alpha");

        String next = submission(overhead(
                "submit",
                "--store",
                store,
                "--plan",
                plan.toString(),
                "--machines",
                "alpha,beta",
                "--new-machine",
                "--label",
                "nightly-x"));
        assertThat(next).isNotEqualTo(sub);
        var queue = overhead("queue", "--store", store);
        assertThat(queue.code()).as(queue.err()).isZero();
        assertThat(queue.out())
                .containsPattern("(?m)^ID +STATE +MACHINE +LABEL +CLAIMED BY +HEARTBEAT +RUNS +STUDY$")
                .containsPattern("(?m)^" + next + "@alpha +queued +alpha +nightly-x +- +- +- +-$")
                .containsPattern("(?m)^" + next + "@beta +queued +beta +nightly-x");
        var cancel = overhead("queue", "cancel", "--store", store, next + "@beta");
        assertThat(cancel.code()).as(cancel.err()).isZero();
        assertThat(cancel.out()).isEqualTo("cancelled " + next + "@beta\n");
        var after = overhead("queue", "--store", store);
        assertThat(after.out()).contains(next + "@alpha").doesNotContain(next + "@beta");
        var unknown = overhead("queue", "cancel", "--store", store, "nope@beta");
        assertThat(unknown.code()).isEqualTo(1);
        assertThat(unknown.err()).contains("nothing queued has the id 'nope@beta'");
    }

    /**
     * Case 3: a study whose agent stopped heartbeating shows as stalled (before: "running" for ever), and can be
     * cancelled; one an agent holds and heartbeats for is refused.
     */
    @Test
    @Timeout(300)
    void aClaimWithoutHeartbeatsIsStalledAndMayBeCancelled() throws Exception {
        String store = TestPostgres.freshStore();
        String sub = submission(overhead(
                "submit", "--store", store, "--plan", plan().toString(), "--machines", "gamma,delta", "--new-machine"));
        try (var c = TestPostgres.connect(store);
                var st = c.prepareStatement("UPDATE scheduled_tasks SET picked = true, picked_by = ?, last_heartbeat ="
                        + " now() - ?::interval WHERE task_instance = ?")) {
            st.setString(1, "gamma (pid 1)");
            st.setString(2, "1 hour");
            st.setString(3, sub + "@gamma");
            assertThat(st.executeUpdate()).isEqualTo(1);
            st.setString(1, "delta (pid 2)");
            st.setString(2, "0 seconds");
            st.setString(3, sub + "@delta");
            assertThat(st.executeUpdate()).isEqualTo(1);
        }
        var queue = overhead("queue", "--store", store);
        assertThat(queue.code()).as(queue.err()).isZero();
        assertThat(queue.out())
                .containsPattern("(?m)^" + sub + "@gamma +stalled +gamma +nightly +gamma \\(pid 1\\) +(59m|60m|1h) ago")
                .containsPattern("(?m)^" + sub + "@delta +claimed +delta +nightly +delta \\(pid 2\\) +\\d+s ago")
                .contains("stalled: its agent stopped heartbeating");
        var busy = overhead("queue", "cancel", "--store", store, sub + "@delta");
        assertThat(busy.code()).isEqualTo(1);
        assertThat(busy.err()).contains("is being measured by delta (pid 2)");
        var cancel = overhead("queue", "cancel", "--store", store, sub + "@gamma");
        assertThat(cancel.code()).as(cancel.err()).isZero();
        assertThat(overhead("queue", "--store", store).out()).doesNotContain("@gamma");
    }

    /** Case 6: submit --notify reaches the webhook through the machine's agent, with the machine and submission. */
    @Test
    @Timeout(300)
    void aSubmissionsWebhookIsToldByTheAgentThatMeasuredIt() throws Exception {
        String store = TestPostgres.freshStore();
        Path plan = plan("slow", 6, "1.50");
        List<String> bodies = new java.util.concurrent.CopyOnWriteArrayList<>();
        var receiver = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        try {
            String url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
            String sub = submission(overhead(
                    "submit",
                    "--store",
                    store,
                    "--plan",
                    plan.toString(),
                    "--machines",
                    "epsilon",
                    "--new-machine",
                    "--notify",
                    url));
            var agent = overhead(
                    "agent", "--store", store, "--machine", "epsilon", "--once", "--fake-exec", "--heartbeat", "1s");
            assertThat(agent.code()).as(agent.err()).isZero();
            assertThat(bodies).hasSize(1);
            var body = new com.fasterxml.jackson.databind.ObjectMapper().readTree(bodies.getFirst());
            assertThat(body.path("machine").asText()).isEqualTo("epsilon");
            assertThat(body.path("submission").asText()).isEqualTo(sub);
            assertThat(body.path("label").asText()).isEqualTo("slow");
        } finally {
            receiver.stop(0);
        }
    }
}
