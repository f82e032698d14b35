package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import dev.overhead.store.LockHolderMain;
import dev.overhead.store.TestPostgres;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command that uses the store, on a team store (PostgreSQL), as the SQLite tests do on a file. */
@Processes
class TeamStoreCommandsTest {
    @TempDir
    Path dir;

    private final List<String> printed = new ArrayList<>();

    private StoreSafetyTest.Result ok(String... args) {
        var r = overhead(args);
        printed.add(r.out());
        printed.add(r.err());
        assertThat(r.code()).as(String.join(" ", args) + "\n" + r.err()).isZero();
        return r;
    }

    private String study(String store, String label) {
        ok("run", "--fake-exec", "--runs", "3", "--store", store, "--label", label, "sleep 1", "sleep 2");
        return label;
    }

    @Test
    void runListShowCompareReportResumeDeleteAndPruneWorkOnPostgresql() throws Exception {
        String store = TestPostgres.freshStore();
        study(store, "s1");
        study(store, "s2");
        study(store, "s3");
        assertThat(ok("list", "--store", store).out())
                .contains("s1")
                .contains("s2")
                .contains("s3");
        assertThat(ok("show", "--store", store, "s1").out()).contains("s1");
        assertThat(ok("compare", "--store", store, "s1", "s2").out()).isNotBlank();
        Path html = dir.resolve("s2.html");
        ok("report", "--store", store, "s2", "--export-html", html.toString());
        assertThat(html).isNotEmptyFile();

        // resume is refused while another process (another machine, as far as the server knows) measures it
        String id = ok("show", "--store", store, "s3")
                .out()
                .lines()
                .findFirst()
                .orElseThrow()
                .split("\\s+")[1];
        try (var c = TestPostgres.connect(store)) { // as a study cut short leaves it
            c.createStatement().executeUpdate("UPDATE studies SET state = 'running' WHERE id = '" + id + "'");
            c.createStatement().executeUpdate("DELETE FROM runs WHERE idx = 2 AND study = '" + id + "'");
        }
        Process holder = LockHolderMain.hold(store, id);
        try {
            var refused = overhead("resume", "--fake-exec", "--store", store, "s3");
            assertThat(refused.code()).isEqualTo(1);
            assertThat(refused.err()).contains("study " + id + " is being measured by another overhead process");
            var notDeleted = overhead("delete", "--store", store, "s3");
            assertThat(notDeleted.code()).isEqualTo(1);
        } finally {
            holder.destroyForcibly();
            assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        ok("resume", "--fake-exec", "--store", store, "s3");

        assertThat(ok("delete", "--store", store, "s1").out())
                .contains("deleted study")
                .contains("(s1)");
        assertThat(ok("list", "--store", store).out()).doesNotContain("s1");
        try (var c = TestPostgres.connect(store); // s2 and s3 made two hours ago, without waiting for it
                var st = c.prepareStatement("UPDATE studies SET created = ? WHERE label IN ('s2', 's3')")) {
            st.setString(1, java.time.Instant.now().minusSeconds(7200).toString());
            assertThat(st.executeUpdate()).isEqualTo(2);
        }
        assertThat(ok("prune", "--store", store, "--older-than", "1h", "--yes").out())
                .contains("(s2)")
                .contains("(s3)");
        assertThat(ok("list", "--store", store).out()).doesNotContain("s2");

        String password = dev.overhead.store.Stores.url(store).password();
        assertThat(printed).allSatisfy(text -> assertThat(text).doesNotContain(password));
    }

    @Test
    void checkExportAllAndImportCarryStudiesBetweenTheTeamStoreAndFiles() throws Exception {
        String team = TestPostgres.freshStore();
        study(team, "t1");
        study(team, "t2");
        var check = ok("store", "check", "--store", team);
        assertThat(check.out())
                .contains("store      postgresql://overhead:********@")
                .contains("schema     5 (this overhead knows 5)")
                .contains("migrations 1 SQL studies, 2 SQL indexes, 3 SQL run units, 4 SQL fleet, 5 SQL team")
                .contains("studies    2 (12 runs)")
                .contains("integrity  ok");

        Path copy = dir.resolve("team.overhead");
        ok("export-all", "--store", team, copy.toString());
        Path file = dir.resolve("mine.db");
        study(file.toString(), "f1");
        assertThat(ok("import", "--store", file.toString(), copy.toString()).out())
                .contains("imported 2 studies from " + copy);
        assertThat(ok("list", "--store", file.toString()).out())
                .contains("t1")
                .contains("t2")
                .contains("f1");

        // and back: a file's studies into another team store, those already there left alone
        String other = TestPostgres.freshStore();
        study(other, "o1");
        Path mine = dir.resolve("mine.overhead");
        ok("export-all", "--store", file.toString(), mine.toString());
        assertThat(ok("import", "--store", other, mine.toString()).out()).contains("imported 3 studies");
        assertThat(ok("import", "--store", other, mine.toString()).out())
                .contains("imported 0 studies")
                .contains("3 were already in the store");
        assertThat(ok("report", "--store", other, "t2").out()).contains("t2");

        // a result file, too
        Path json = dir.resolve("t1.json");
        ok("report", "--store", team, "t1", "--export-json", json.toString());
        assertThat(ok("import", "--store", other, json.toString()).out()).contains("imported " + json);

        String password = dev.overhead.store.Stores.url(team).password();
        assertThat(printed).allSatisfy(text -> assertThat(text).doesNotContain(password));
    }

    @Test
    void aWrongPasswordIsOneSentenceWithoutThePassword() {
        String url = TestPostgres.url().replaceFirst(":[^:@/]+@", ":wrong-secret-7@");
        var r = overhead("list", "--store", url);
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .startsWith("overhead: the PostgreSQL server refused the user or password of postgresql://overhead:")
                .doesNotContain("wrong-secret-7")
                .doesNotContain("\tat ");
    }
}
