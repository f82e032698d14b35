package dev.overhead.store;

import static dev.overhead.store.StoreFixtures.CREATED;
import static dev.overhead.store.StoreFixtures.VARIANTS;
import static dev.overhead.store.StoreFixtures.WORKLOADS;
import static dev.overhead.store.StoreFixtures.info;
import static dev.overhead.store.StoreFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.Poll;
import dev.overhead.Processes;
import dev.overhead.model.Run;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What the team store adds to what every store does (StoreTest): many writers, a server that restarts, secrets. */
@Processes
class PostgresStoreTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void severalProcessesOpeningANewStoreAtOnceMigrateItOnceAndLoseNoRun() throws Exception {
        String url = TestPostgres.freshStore();
        int processes = 4;
        int runs = 40;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> children = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (int p = 0; p < processes; p++) {
            List<String> command = new ArrayList<>(List.of(
                    java, "-cp", System.getProperty("java.class.path"), WriterMain.class.getName(), url, "" + runs));
            for (int s = 0; s < 2; s++) {
                String id = "writer-" + p + "-" + s;
                ids.add(id);
                command.add(id);
            }
            children.add(new ProcessBuilder(command).redirectErrorStream(true).start());
        }
        // and threads of this process at the same time, each with a connection of its own
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<?>> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            String id = "thread-" + t;
            ids.add(id);
            threads.add(pool.submit(() -> {
                try (Store store = Stores.open(url)) {
                    store.createStudy(info(id, id, CREATED), WORKLOADS, VARIANTS, Map.of());
                    for (int i = 0; i < runs; i++) {
                        store.addRun(id, "sort", i % 2 == 0 ? "glibc" : "traced", run(i / 2, i, 1.0 + i));
                    }
                    store.finish(id, "done", List.of());
                }
                return null;
            }));
        }
        for (Process child : children) {
            String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(child.waitFor(240, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(out).isZero();
        }
        for (Future<?> f : threads) {
            f.get();
        }
        pool.shutdown();
        try (Store store = Stores.open(url)) {
            assertThat(store.list()).hasSize(ids.size()).allSatisfy(s -> {
                assertThat(s.runs()).isEqualTo(runs);
                assertThat(s.state()).isEqualTo("done");
            });
        }
        try (var c = DriverManager.getConnection(
                        StoreUrl.parse(url, Map.of()).jdbcUrl(),
                        StoreUrl.parse(url, Map.of()).properties());
                var rs = c.createStatement()
                        .executeQuery("SELECT count(*) FROM flyway_schema_history WHERE version IS NOT NULL")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).as("each migration applied once").isEqualTo(PgSchema.CURRENT);
        }
    }

    @Test
    @Timeout(300)
    void aServerRestartMidStudyLosesNoStoredRunAndTheStudyGoesOn() throws Exception {
        TestPostgres.url(); // skips with the reason where PostgreSQL cannot be started
        TestPostgres.Cluster cluster = TestPostgres.Cluster.start();
        try {
            String id = "20261203-120000-beef";
            int total = 60;
            AtomicInteger stored = new AtomicInteger();
            try (Store store = PostgresStore.open(Stores.url(cluster.url()), Duration.ofSeconds(90));
                    Store.Held held = store.lock(id)) {
                store.createStudy(info(id, "restarted", CREATED), WORKLOADS, VARIANTS, Map.of());
                Thread writer = Thread.ofPlatform().start(() -> {
                    try {
                        for (int i = 0; i < total; i++) {
                            store.addRun(id, "sort", i % 2 == 0 ? "glibc" : "traced", run(i / 2, i, 1.0 + i));
                            stored.incrementAndGet();
                            Thread.sleep(20);
                        }
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                assertThat(Poll.until(Duration.ofSeconds(60), () -> stored.get() >= 10))
                        .as("10 runs stored before the restart")
                        .isTrue();
                cluster.restart(); // fast shutdown: the server cuts every session, then starts again
                writer.join(120_000);
                assertThat(stored.get())
                        .as("the writer went on after the restart")
                        .isEqualTo(total);
                store.finish(id, "done", List.of());

                // the lock was taken again on the new session: another process is still refused
                try (Store other = Stores.open(cluster.url())) {
                    assertThatThrownBy(() -> other.lock(id)).hasMessageContaining("is being measured");
                }
            }
            try (Store store = Stores.open(cluster.url())) {
                var study = store.load(id).orElseThrow();
                List<Run> glibc = study.workloads().getFirst().variants().get(0).runs();
                List<Run> traced =
                        study.workloads().getFirst().variants().get(1).runs();
                assertThat(glibc).hasSize(total / 2);
                assertThat(traced).hasSize(total / 2);
                assertThat(glibc).extracting(Run::index).containsExactlyElementsOf(range(total / 2));
                assertThat(store.studyDefinition(id).orElseThrow().state()).isEqualTo("done");
            }
        } finally {
            cluster.stop();
        }
    }

    @Test
    @Timeout(120)
    void aStoreThatDoesNotComeBackStopsTheStudyWithASentenceAndKeepsItsRuns() throws Exception {
        TestPostgres.url();
        TestPostgres.Cluster cluster = TestPostgres.Cluster.start();
        try {
            try (Store store = PostgresStore.open(Stores.url(cluster.url()), Duration.ofSeconds(2))) {
                store.createStudy(info("s1", null, CREATED), WORKLOADS, VARIANTS, Map.of());
                store.addRun("s1", "sort", "glibc", run(0, 0, 1.0));
                cluster.stopServer();
                assertThatThrownBy(() -> store.addRun("s1", "sort", "glibc", run(1, 1, 1.0)))
                        .isInstanceOf(StoreException.class)
                        .hasMessageStartingWith("lost the connection to the store postgresql://overhead:********@")
                        .hasMessageEndingWith("resume the study once the server is up.")
                        .hasMessageNotContaining(password(cluster.url()));
                cluster.startServer();
                store.addRun("s1", "sort", "glibc", run(1, 1, 1.0)); // the same store goes on once it is back
                assertThat(store.list().getFirst().runs()).isEqualTo(2);
            }
        } finally {
            cluster.stop();
        }
    }

    @Test
    void aWrongPasswordIsRefusedWithoutShowingIt() {
        String url = TestPostgres.url();
        String wrong = url.replace(password(url), "not-the-password-42");
        assertThatThrownBy(() -> Stores.open(wrong))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("refused the user or password of postgresql://overhead:********@")
                .hasMessageNotContaining("not-the-password-42");
    }

    @Test
    void readingANewDatabaseMakesNothingInIt() throws Exception {
        String url = TestPostgres.freshStore();
        try (Store store = Stores.openForReading(url)) {
            assertThat(store.list()).isEmpty();
            assertThat(store.load("anything")).isEmpty();
        }
        StoreUrl u = Stores.url(url);
        try (var c = DriverManager.getConnection(u.jdbcUrl(), u.properties());
                var rs = c.createStatement()
                        .executeQuery("SELECT count(*) FROM information_schema.tables WHERE table_schema ="
                                + " current_schema()")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isZero();
        }
    }

    @Test
    void aStoreOfANewerSchemaIsRefused() throws Exception {
        String url = TestPostgres.freshStore();
        Stores.open(url).close();
        StoreUrl u = Stores.url(url);
        try (var c = DriverManager.getConnection(u.jdbcUrl(), u.properties())) {
            c.createStatement()
                    .executeUpdate("INSERT INTO flyway_schema_history (installed_rank, version, description, type,"
                            + " script, installed_by, execution_time, success) VALUES (99, '99', 'future', 'SQL',"
                            + " 'V99__future.sql', 'overhead', 0, true)");
        }
        assertThatThrownBy(() -> Stores.open(url))
                .hasMessageContaining("was written by a newer overhead (schema 99; this one knows " + PgSchema.CURRENT);
        assertThatThrownBy(() -> Stores.openForReading(url)).hasMessageContaining("newer overhead");
    }

    @Test
    void urlsAreParsedAndShownWithoutTheirPassword() throws Exception {
        StoreUrl u = StoreUrl.parse("postgresql://me:p%40ss@db.example:6543/bench?sslmode=require", Map.of());
        assertThat(u).isEqualTo(new StoreUrl("me", "p@ss", "db.example", 6543, "bench", "sslmode=require"));
        assertThat(u.masked()).isEqualTo("postgresql://me:********@db.example:6543/bench?sslmode=require");
        assertThat(u.toString()).doesNotContain("p@ss");
        assertThat(StoreUrl.parse("postgres://me@db/bench", Map.of("PGPASSWORD", "x")))
                .isEqualTo(new StoreUrl("me", "x", "db", 5432, "bench", null));
        assertThat(StoreUrl.parse("postgresql://h/d?user=u&password=secret", Map.of())
                        .masked())
                .isEqualTo("postgresql://h:5432/d?user=u&password=********");
        assertThatThrownBy(() -> StoreUrl.parse("postgresql://me:secret@db", Map.of()))
                .isInstanceOf(BadStoreValue.class)
                .hasMessage("--store 'postgresql://me:********@db' needs a database name after the host: give"
                        + " postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE.");
        assertThat(Stores.describe("postgresql://me:secret@db:1/x")).isEqualTo("postgresql://me:********@db:1/x");
    }

    private static String password(String url) {
        try {
            return StoreUrl.parse(url, Map.of()).password();
        } catch (BadStoreValue e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Integer> range(int n) {
        return java.util.stream.IntStream.range(0, n).boxed().toList();
    }
}
