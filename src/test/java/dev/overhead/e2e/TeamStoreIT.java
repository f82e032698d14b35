package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.store.TestPostgres;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The launcher on a team store: OVERHEAD_STORE names it, and a server restart mid-study does not end the study. */
class TeamStoreIT {
    @RegisterExtension
    final Launcher overhead = new Launcher();

    @Test
    void overheadStoreNamesTheTeamStoreForEveryCommand() throws Exception {
        Map<String, String> env = Map.of("OVERHEAD_STORE", TestPostgres.freshStore());
        var run = overhead.start(env, "run", "--fake-exec", "--runs", "3", "--label", "team", "sleep 1", "sleep 2")
                .finish();
        assertThat(run.exitCode()).as(run.toString()).isZero();
        var list = overhead.start(env, "list").finish();
        assertThat(list.exitCode()).as(list.toString()).isZero();
        assertThat(list.stdout()).contains("team");
        assertThat(overhead.home().resolve("data/overhead/overhead.db"))
                .as("no file store was made")
                .doesNotExist();
    }

    @Test
    @Timeout(300)
    void aStudyGoesOnThroughARestartOfTheServer() throws Exception {
        TestPostgres.url(); // skips with the reason where PostgreSQL cannot be started
        TestPostgres.Cluster cluster = TestPostgres.Cluster.start();
        try {
            Map<String, String> env = Map.of("OVERHEAD_STORE", cluster.url());
            var running = overhead.start(
                    env, "run", "--runs", "30", "--warmup", "0", "--label", "restarted", "sleep 0.05", "sleep 0.06");
            int stored = 0;
            for (int i = 0; i < 600 && stored < 6; i++) {
                Thread.sleep(100);
                stored = runs(cluster.url());
            }
            assertThat(stored).as("runs stored before the restart").isGreaterThanOrEqualTo(6);
            cluster.restart();
            var done = running.finish();
            assertThat(done.exitCode()).as(done.toString()).isZero();
            assertThat(runs(cluster.url())).isEqualTo(60);
            assertThat(done.stderr()).doesNotContain(cluster.url().replaceAll(".*:([^:@]+)@.*", "$1"));
        } finally {
            cluster.stop();
        }
    }

    private static int runs(String url) throws Exception {
        try (var c = TestPostgres.connect(url);
                var st = c.createStatement()) {
            try (var rs = st.executeQuery("SELECT to_regclass('runs') IS NOT NULL")) {
                if (!rs.next() || !rs.getBoolean(1)) {
                    return 0; // not made yet
                }
            }
            try (var rs = st.executeQuery("SELECT count(*) FROM runs")) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        }
    }
}
