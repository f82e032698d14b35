package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14.11–14.15: what the commands do to files given as the store. */
class StoreSafetyTest {
    @TempDir
    Path dir;

    record Result(int code, String out, String err) {}

    static Result overhead(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    /** {@code overhead run --fake-exec --runs 3 --store DB --label LABEL ARGS}: a small study, the ordinary way. */
    static Result fakeStudy(Path db, String label, String... args) {
        String[] run = {"run", "--fake-exec", "--runs", "3", "--store", db.toString(), "--label", label};
        String[] all = java.util.Arrays.copyOf(run, run.length + args.length);
        System.arraycopy(args, 0, all, run.length, args.length);
        return overhead(all);
    }

    /** A store with {@code n} small studies labelled s1..sn, made the ordinary way. */
    static Path storeWithStudies(Path dir, int n) {
        Path db = dir.resolve("store.db");
        for (int i = 1; i <= n; i++) {
            Result r = fakeStudy(db, "s" + i, "sleep 1", "sleep 2");
            assertThat(r.code()).as(r.err()).isZero();
        }
        return db;
    }

    @Test
    void aForeignSqliteFileIsRefusedAndLeftByteForByteTheSame() throws Exception {
        Path db = dir.resolve("app.db");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.createStatement().executeUpdate("CREATE TABLE customers (id INTEGER)");
            c.createStatement().executeUpdate("INSERT INTO customers VALUES (1)");
        }
        byte[] before = Files.readAllBytes(db);
        for (String[] args : new String[][] {
            {"list", "--store", db.toString()},
            {"run", "--fake-exec", "--runs", "2", "--store", db.toString(), "sleep 1"},
            {"show", "--store", db.toString(), "s1"}
        }) {
            Result r = overhead(args);
            assertThat(r.code()).as(r.err()).isEqualTo(1);
            assertThat(r.err())
                    .contains(db + " is an SQLite database but not an overhead store")
                    .doesNotContain("internal error");
        }
        assertThat(Files.readAllBytes(db)).isEqualTo(before);
        assertThat(dir.resolve("app.db-wal")).doesNotExist();
    }

    @Test
    void aDamagedStoreIsNamedDamagedAndNotWritten() throws Exception {
        Path db = storeWithStudies(dir, 4);
        byte[] bytes = Files.readAllBytes(db);
        int page = 4096;
        for (int i = page; i < bytes.length; i++) { // every page but the first (the schema)
            bytes[i] = (byte) (i * 31);
        }
        Files.write(db, bytes);
        for (String[] args : new String[][] {
            {"list", "--store", db.toString()},
            {"report", "--store", db.toString(), "s2"},
            {"run", "--fake-exec", "--runs", "2", "--store", db.toString(), "sleep 1"}
        }) {
            Result r = overhead(args);
            assertThat(r.code()).as(r.err()).isEqualTo(1);
            assertThat(r.err())
                    .contains("the store " + db + " is damaged")
                    .contains("overhead store check")
                    .contains(".recover")
                    .doesNotContain("internal error");
        }
        assertThat(Files.readAllBytes(db)).isEqualTo(bytes);
    }

    @Test
    void readCommandsCreateNeitherTheStoreNorItsDirectory() {
        Path missing = dir.resolve("no-such-dir").resolve("x.db");
        assertThat(overhead("list", "--store", missing.toString()).code()).isZero();
        assertThat(overhead("report", "--store", missing.toString(), "nothing").code())
                .isEqualTo(1);
        assertThat(overhead("show", "--store", missing.toString(), "nothing").code())
                .isEqualTo(1);
        assertThat(overhead("compare", "--store", missing.toString(), "a", "b").code())
                .isEqualTo(1);
        assertThat(dir.resolve("no-such-dir")).doesNotExist();
    }

    @Test
    void readCommandsLeaveAnOlderStoreAsItWas() throws Exception {
        Path db = storeWithStudies(dir, 2);
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            // as overhead 0.1 left it: schema 1, without the indexes of migration 2
            c.createStatement().executeUpdate("DROP INDEX studies_by_label");
            c.createStatement().executeUpdate("DROP INDEX runs_by_sequence");
            c.createStatement().executeUpdate("PRAGMA user_version = 1");
        }
        assertThat(overhead("list", "--store", db.toString()).out())
                .contains("s1")
                .contains("s2");
        assertThat(overhead("show", "--store", db.toString(), "s1").code()).isZero();
        assertThat(overhead("report", "--store", db.toString(), "s2").code()).isZero();
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement().executeQuery("PRAGMA user_version")) {
            assertThat(rs.getInt(1))
                    .as("a read command migrated (wrote) the store")
                    .isEqualTo(1);
        }
    }

    @Test
    void aBadStoreValueIsACommandLineError() {
        Result url = overhead("list", "--store", "mysql://db.example/overhead");
        assertThat(url.code()).isEqualTo(2);
        assertThat(url.err()).contains("is not a store overhead can use");
        Result directory = overhead("list", "--store", dir.toString());
        assertThat(directory.code()).isEqualTo(2);
        assertThat(directory.err()).contains("is a directory");
        Result run = overhead("run", "--fake-exec", "--runs", "2", "--store", "http://x/y", "sleep 1");
        assertThat(run.code()).isEqualTo(2);
    }
}
