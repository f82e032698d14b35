package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.fakeStudy;
import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.study.Masking;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14.21: a variant's secret-looking variables are masked in every report and kept in the store. */
class SecretMaskingTest {
    @TempDir
    Path dir;

    @Test
    void secretsAreMaskedInReportsAndKeptInTheStore() throws Exception {
        Path db = dir.resolve("s.db");
        Path html = dir.resolve("r.html");
        Path json = dir.resolve("r.json");
        Path md = dir.resolve("r.md");
        var run = fakeStudy(
                db,
                "keyed",
                "--export-html",
                html.toString(),
                "--export-json",
                json.toString(),
                "--export-markdown",
                md.toString(),
                "-V",
                "plain: MALLOC_ARENA_MAX=2",
                "-V",
                "keyed: API_KEY=secret123 MALLOC_ARENA_MAX=2",
                "--",
                "sleep",
                "1");
        assertThat(run.code()).as(run.err()).isZero();
        var show = overhead("show", "--store", db.toString(), "keyed");
        var report = overhead("report", "--store", db.toString(), "--format", "json", "keyed");
        for (String text : new String[] {
            run.out(), show.out(), report.out(), Files.readString(html), Files.readString(json), Files.readString(md)
        }) {
            assertThat(text).doesNotContain("secret123");
        }
        assertThat(show.out()).contains("API_KEY=********").contains("MALLOC_ARENA_MAX=2");
        assertThat(Files.readString(json)).contains("\"API_KEY\" : \"********\"");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement().executeQuery("SELECT env FROM variants WHERE name = 'keyed'")) {
            assertThat(rs.getString(1)).contains("secret123"); // resume needs it
        }
    }

    @Test
    void secretsAreMaskedByTheirValueToo() throws Exception {
        Path db = dir.resolve("s.db");
        Path json = dir.resolve("r.json");
        var run = fakeStudy(
                db,
                "valued",
                "--export-json",
                json.toString(),
                "-V",
                "plain:",
                "-V",
                "keyed: DATABASE_URL=postgresql://app:pw1secret@db/bench MYSQL_PWD=pw2secret"
                        + " NOTIFY=https://hooks.slack.com/services/T00/B00/pw3secret"
                        + " STATUS=https://ci.example/ping?token=pw4secret",
                "--",
                "sleep",
                "1");
        assertThat(run.code()).as(run.err()).isZero();
        var show = overhead("show", "--store", db.toString(), "valued");
        for (String text : new String[] {run.out(), show.out(), Files.readString(json)}) {
            assertThat(text)
                    .doesNotContain("pw1secret")
                    .doesNotContain("pw2secret")
                    .doesNotContain("pw3secret")
                    .doesNotContain("pw4secret");
        }
        assertThat(show.out()).contains("postgresql://app:********@db/bench").contains("MYSQL_PWD=********");
    }

    @Test
    void assignmentsInFrontOfAShellCommandAreMaskedByName() {
        assertThat(Masking.value("API_KEY=pw5secret ./bench --n 3; TOKEN='a b' x LANG=C y"))
                .isEqualTo("API_KEY=******** ./bench --n 3; TOKEN=******** x LANG=C y");
        assertThat(Masking.value("curl https://u:pw6@host/x")).isEqualTo("curl https://u:********@host/x");
        assertThat(Masking.value("PWD=/home/me"))
                .as("the working directory is no password")
                .isEqualTo("PWD=/home/me");
    }

    @Test
    void aCommandThatIsItsOwnNameKeepsItsSecretOutOfReportsAndErrors() throws Exception {
        // issue 33, case 10: the variant's name is the command, and it was printed whole in every report,
        // and the sentence for a command that cannot run repeated the password
        Path db = dir.resolve("s.db");
        var run = overhead(
                "run",
                "--store",
                db.toString(),
                "--runs",
                "3",
                "--format",
                "json",
                "--shell",
                "API_KEY=abcd1234xyz true",
                "true");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).doesNotContain("abcd1234xyz").contains("API_KEY=********");
        var report = overhead("report", "--store", db.toString(), "--format", "text");
        assertThat(report.out()).doesNotContain("abcd1234xyz");
        var unrunnable = overhead("run", "--store", db.toString(), "--runs", "2", "\"PASSWORD=hunter2secret\" true");
        assertThat(unrunnable.code()).isEqualTo(1);
        assertThat(unrunnable.err()).contains("cannot be run").doesNotContain("hunter2secret");
    }
}
