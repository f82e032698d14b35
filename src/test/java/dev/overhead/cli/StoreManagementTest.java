package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static dev.overhead.cli.StoreSafetyTest.storeWithStudies;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.store.LockHolderMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 19: delete, prune, store check, export-all and import of a whole store, on a store of several studies. */
class StoreManagementTest {
    @TempDir
    Path dir;

    private static int count(Path db, String sql) throws Exception {
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement().executeQuery(sql)) {
            return rs.getInt(1);
        }
    }

    @Test
    void deleteRemovesTheNamedStudiesWithTheirRunsAndNothingElse() throws Exception {
        Path db = storeWithStudies(dir, 4);
        assertThat(count(db, "SELECT count(*) FROM runs")).isEqualTo(4 * 6);
        var r = overhead("delete", "--store", db.toString(), "s2", "s3");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("(s2)").contains("(s3)");
        assertThat(overhead("list", "--store", db.toString()).out())
                .contains("s1")
                .contains("s4")
                .doesNotContain("s2")
                .doesNotContain("s3");
        assertThat(count(db, "SELECT count(*) FROM runs")).isEqualTo(2 * 6);
        assertThat(count(db, "SELECT count(*) FROM workloads")).isEqualTo(2);
        assertThat(count(db, "SELECT count(*) FROM variants")).isEqualTo(4);
    }

    @Test
    void aMistypedNameDeletesNothing() throws Exception {
        Path db = storeWithStudies(dir, 3);
        var r = overhead("delete", "--store", db.toString(), "s1", "nope");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("no stored study is called 'nope'; nothing was deleted");
        assertThat(count(db, "SELECT count(*) FROM studies")).isEqualTo(3);
        Path missing = dir.resolve("none/x.db");
        assertThat(overhead("delete", "--store", missing.toString(), "s1").code())
                .isEqualTo(1);
        assertThat(dir.resolve("none")).doesNotExist();
    }

    @Test
    void aStudyBeingMeasuredIsNotDeleted() throws Exception {
        Path db = storeWithStudies(dir, 2);
        String id;
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement().executeQuery("SELECT id FROM studies WHERE label = 's1'")) {
            id = rs.getString(1);
        }
        Process holder = LockHolderMain.hold(db, id);
        try {
            var r = overhead("delete", "--store", db.toString(), "s1", "s2");
            assertThat(r.code()).isEqualTo(1);
            assertThat(r.err()).contains("is being measured by another overhead process");
            assertThat(count(db, "SELECT count(*) FROM studies")).isEqualTo(2);
        } finally {
            holder.destroyForcibly();
            assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void pruneDeletesOldStudiesKeepsLabelledOnesWhenAskedAndNeedsYesWithoutATerminal() throws Exception {
        Path db = storeWithStudies(dir, 4);
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            // s1..s3 made 40 days ago; s3 then loses its label
            c.createStatement()
                    .executeUpdate(
                            "UPDATE studies SET created = '2020-01-01T00:00:00Z' WHERE label IN ('s1','s2','s3')");
            c.createStatement().executeUpdate("UPDATE studies SET label = NULL WHERE label = 's3'");
        }
        var refused = overhead("prune", "--store", db.toString(), "--older-than", "30d");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err())
                .contains("prune would delete 3 studies and there is no terminal to ask on: add --yes");
        assertThat(count(db, "SELECT count(*) FROM studies")).isEqualTo(4);

        var unlabelled = overhead("prune", "--store", db.toString(), "--older-than", "30d", "--keep-labelled");
        assertThat(unlabelled.code()).as(unlabelled.err()).isZero(); // one study: no need to ask
        assertThat(count(db, "SELECT count(*) FROM studies")).isEqualTo(3);

        var yes = overhead("prune", "--store", db.toString(), "--older-than", "30d", "--yes");
        assertThat(yes.code()).as(yes.err()).isZero();
        assertThat(yes.out()).contains("(s1)").contains("(s2)");
        assertThat(overhead("list", "--store", db.toString()).out())
                .contains("s4")
                .doesNotContain("s1");
        assertThat(count(db, "SELECT count(*) FROM runs")).isEqualTo(6);
    }

    @Test
    void checkSaysTheSchemaAndIntegrityAndFindsDamage() throws Exception {
        Path db = storeWithStudies(dir, 3);
        var ok = overhead("store", "check", "--store", db.toString());
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.out())
                .contains("schema     5 (this overhead knows 5)")
                .contains("migrations 1 SQL studies, 2 SQL indexes, 3 SQL run units, 5 SQL team")
                .contains("studies    3 (18 runs)")
                .contains("integrity  ok");

        byte[] bytes = Files.readAllBytes(db);
        for (int i = 4096 * 2; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 7);
        }
        Files.write(db, bytes);
        var damaged = overhead("store", "check", "--store", db.toString());
        assertThat(damaged.code()).isEqualTo(1);
        assertThat(damaged.out()).contains("integrity  damaged:").contains(".recover");
        assertThat(Files.readAllBytes(db)).isEqualTo(bytes);
    }

    @Test
    void exportAllAndImportCarryEveryStudyToAnotherStore() throws Exception {
        Path db = storeWithStudies(dir, 3);
        Path copy = dir.resolve("all.overhead");
        var export = overhead("export-all", "--store", db.toString(), copy.toString());
        assertThat(export.code()).as(export.err()).isZero();
        assertThat(overhead("export-all", "--store", db.toString(), db.toString())
                        .code())
                .isEqualTo(2);

        Path other = dir.resolve("other").resolve("o.db");
        storeWithStudiesAt(other, "mine");
        var imported = overhead("import", "--store", other.toString(), copy.toString());
        assertThat(imported.code()).as(imported.err()).isZero();
        assertThat(imported.out()).contains("imported 3 studies from " + copy);
        assertThat(count(other, "SELECT count(*) FROM studies")).isEqualTo(4);
        assertThat(count(other, "SELECT count(*) FROM runs")).isEqualTo(4 * 6);
        var report = overhead("report", "--store", other.toString(), "s2");
        assertThat(report.code()).isZero();

        var again = overhead("import", "--store", other.toString(), copy.toString());
        assertThat(again.out()).contains("imported 0 studies").contains("3 were already in the store");
        assertThat(count(other, "SELECT count(*) FROM studies")).isEqualTo(4);
    }

    private static void storeWithStudiesAt(Path db, String label) {
        var r = overhead(
                "run", "--fake-exec", "--runs", "3", "--store", db.toString(), "--label", label, "sleep 1", "sleep 2");
        assertThat(r.code()).as(r.err()).isZero();
    }
}
