package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.fakeStudy;
import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14.19: terminal escapes in labels and commands never reach a terminal or a text file raw. */
class ControlCharactersTest {
    static final String HOSTILE = "\u001b]0;PWNED\u0007\u001b[2J\u009b31m";

    @TempDir
    Path dir;

    @Test
    void labelsAndCommandsAreNeutralisedInTextButKeptExactInTheStoreAndJson() throws Exception {
        Path db = dir.resolve("s.db");
        Path json = dir.resolve("r.json");
        Path md = dir.resolve("r.md");
        var run = fakeStudy(
                db,
                "x" + HOSTILE,
                "--export-json",
                json.toString(),
                "--export-markdown",
                md.toString(),
                "sleep 1",
                "sleep 2");
        assertThat(run.code()).as(run.err()).isZero();
        var list = overhead("list", "--store", db.toString());
        var show = overhead("show", "--store", db.toString(), "x" + HOSTILE);
        var report = overhead("report", "--store", db.toString(), "x" + HOSTILE);
        var missing = overhead("report", "--store", db.toString(), "y" + HOSTILE);
        assertThat(missing.code()).isEqualTo(1);
        for (String text :
                new String[] {run.out(), list.out(), show.out(), report.out(), missing.err(), Files.readString(md)}) {
            assertThat(text).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u009b");
        }
        assertThat(list.out()).contains("x\\u001b]0;PWNED\\u0007\\u001b[2J\\u009b31m");
        assertThat(missing.err()).contains("y\\u001b]0;PWNED");

        assertThat(new ObjectMapper().readTree(json.toFile()).toString()).contains("\\u001B]0;PWNED");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement().executeQuery("SELECT label FROM studies")) {
            assertThat(rs.getString(1)).isEqualTo("x" + HOSTILE);
        }
    }

    @Test
    void jsonOnStdoutStillReadsBackToTheExactLabel() throws Exception {
        Path db = dir.resolve("s.db");
        fakeStudy(db, "x" + HOSTILE, "sleep 1", "sleep 2");
        var json = overhead("report", "--store", db.toString(), "--format", "json", "x" + HOSTILE);
        assertThat(json.out()).doesNotContain("\u009b").doesNotContain("\u001b");
        assertThat(new ObjectMapper().readTree(json.out()).toString()).contains("PWNED");
        assertThat(new ObjectMapper().readTree(json.out()).findValuesAsText("label"))
                .contains("x" + HOSTILE);
    }
}
