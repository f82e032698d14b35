package dev.overhead.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL server for the tests: the one {@code OVERHEAD_TEST_PG} names (.ci/run starts a
 * throw-away cluster and exports it), else a throw-away cluster of this JVM's own, made with
 * {@code .ci/pg-cluster} and stopped when the JVM exits. Where neither can be had, the tests that need
 * it are skipped with the reason.
 */
public final class TestPostgres {
    private TestPostgres() {}

    private static final AtomicInteger SCHEMAS = new AtomicInteger();
    private static String url;
    private static String unavailable;

    /** The server's URL, or the test is skipped with the reason there is none. */
    public static synchronized String url() {
        if (url == null && unavailable == null) {
            String given = System.getenv("OVERHEAD_TEST_PG");
            if (given != null && !given.isBlank()) {
                url = given.strip();
            } else {
                try {
                    Cluster c = Cluster.start();
                    Runtime.getRuntime().addShutdownHook(new Thread(c::stop));
                    url = c.url();
                } catch (IOException | RuntimeException e) {
                    unavailable = e.getMessage();
                }
            }
        }
        Assumptions.assumeTrue(url != null, () -> "no PostgreSQL server for the tests: " + unavailable);
        return url;
    }

    /**
     * A store of its own on the shared server: a new schema, named in the URL's currentSchema, so
     * tests do not see one another's studies.
     */
    public static String freshStore() {
        String base = url();
        String schema = "t" + ProcessHandle.current().pid() + "_" + SCHEMAS.incrementAndGet();
        try {
            StoreUrl u = StoreUrl.parse(base, Map.of());
            try (var c = DriverManager.getConnection(u.jdbcUrl(), u.properties());
                    var st = c.createStatement()) {
                st.execute("CREATE SCHEMA " + schema);
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot make a schema on the test server: " + e.getMessage(), e);
        }
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    /** A plain JDBC connection to a store URL, for tests that look at or change its tables directly. */
    public static java.sql.Connection connect(String storeUrl) throws Exception {
        StoreUrl u = StoreUrl.parse(storeUrl, Map.of());
        return DriverManager.getConnection(u.jdbcUrl(), u.properties());
    }

    /** A cluster of its own (for a test that restarts the server): started, restarted, stopped. */
    public record Cluster(Path dir, String url) {
        public static Cluster start() throws IOException {
            Path script = Path.of(System.getProperty("overhead.project.root", "."), ".ci", "pg-cluster");
            if (!Files.isExecutable(script)) {
                throw new IOException(script + " is missing");
            }
            // Directly under the temporary directory: the server runs as the postgres user when the tests run as
            // root, and must reach its directory.
            Path dir = Files.createTempDirectory("overhead-pg");
            String out = run(script.toString(), "start", dir.toString());
            return new Cluster(
                    dir, out.lines().reduce((a, b) -> b).orElseThrow().strip());
        }

        public void restart() throws IOException {
            run(script(), "restart", dir.toString());
        }

        /** Stops the server, keeping the cluster (startServer starts it again on the same port). */
        public void stopServer() throws IOException {
            run(script(), "stop", dir.toString());
        }

        public void startServer() throws IOException {
            run(script(), "start", dir.toString());
        }

        /** Stops the server and removes its directory. */
        public void stop() {
            try {
                run(script(), "stop", dir.toString());
            } catch (IOException | RuntimeException e) {
                // the directory goes in any case; a server left running is named by its log
            }
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException ignored) {
                // only a leftover temporary directory
            }
        }

        private static String script() {
            return Path.of(System.getProperty("overhead.project.root", "."), ".ci", "pg-cluster")
                    .toString();
        }

        private static String run(String... command) throws IOException {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            try {
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    throw new IOException("'" + String.join(" ", command) + "' failed: "
                            + out.strip().lines().reduce((a, b) -> b).orElse(""));
                }
                return out;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
                throw new IOException("interrupted", e);
            }
        }
    }
}
