package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static dev.overhead.cli.StoreSafetyTest.storeWithStudies;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14.1 and 14.20: outputs never overwrite the store or an input, and a failed write is not success. */
@Processes
class OutputSafetyTest {
    @TempDir
    Path dir;

    @Test
    void anExportNamingTheStoreIsRefusedAndTheStoreKept() throws Exception {
        Path db = storeWithStudies(dir, 2);
        byte[] before = Files.readAllBytes(db);
        for (String option : new String[] {"--export-json", "--export-html", "--export-csv", "--export-pts"}) {
            var r = overhead("report", "--store", db.toString(), option, db.toString(), "s1");
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).contains("is the store " + db).contains("choose another file");
        }
        // another spelling of the same file, and a hard link to it
        Path link = dir.resolve("link.db");
        Files.createLink(link, db);
        var viaLink = overhead("report", "--store", db.toString(), "--export-json", link.toString(), "s1");
        assertThat(viaLink.code()).isEqualTo(2);
        var dotted = overhead(
                "report",
                "--store",
                db.toString(),
                "--export-markdown",
                dir.resolve("./x/../store.db").toString(),
                "s2");
        assertThat(dotted.code()).isEqualTo(2);
        var run = overhead(
                "run",
                "--fake-exec",
                "--runs",
                "2",
                "--store",
                db.toString(),
                "--export-json",
                db.toString(),
                "sleep 1");
        assertThat(run.code()).isEqualTo(2);
        assertThat(Files.readAllBytes(db)).isEqualTo(before);
        assertThat(overhead("list", "--store", db.toString()).out())
                .contains("s1")
                .contains("s2");
    }

    @Test
    void anExportNamingAnInputIsRefused() throws Exception {
        Path db = storeWithStudies(dir, 1);
        Path json = dir.resolve("s1.json");
        assertThat(overhead(
                                "report",
                                "--store",
                                db.toString(),
                                "--format",
                                "json",
                                "--export-json",
                                json.toString(),
                                "s1")
                        .code())
                .isZero();
        String before = Files.readString(json);
        var r = overhead("report", "--store", db.toString(), "--export-html", json.toString(), json.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("is the input " + json);
        var c = overhead("compare", "--store", db.toString(), "--export-json", json.toString(), json.toString());
        assertThat(c.code()).isEqualTo(2);
        assertThat(Files.readString(json)).isEqualTo(before);
    }

    @Test
    void aFailedWriteToStdoutIsExitOneWithASentence() {
        Path db = storeWithStudies(dir, 1);
        OutputStream full = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        StringWriter err = new StringWriter();
        int code = Main.run(
                new String[] {"report", "--store", db.toString(), "--format", "json", "s1"},
                new PrintWriter(new java.io.OutputStreamWriter(full, StandardCharsets.UTF_8)),
                new PrintWriter(err));
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("the output could not be written");
    }

    @Test
    void aFailedExportSaysSoAndARewriteLeavesNoTemporaryFile() throws Exception {
        Path db = storeWithStudies(dir, 1);
        Path out = dir.resolve("report.md");
        Files.writeString(out, "the good report\n");
        // where the file cannot be made, the command fails with a sentence rather than exit 0
        Path blocked = dir.resolve("plain").resolve("report.md");
        Files.writeString(dir.resolve("plain"), "x");
        var r = overhead("report", "--store", db.toString(), "--export-markdown", blocked.toString(), "s1");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("cannot write " + blocked);
        assertThat(overhead("report", "--store", db.toString(), "--export-markdown", out.toString(), "s1")
                        .code())
                .isZero();
        assertThat(Files.readString(out)).contains("s1").doesNotContain("the good report");
        try (var names = Files.list(dir)) {
            assertThat(names.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void onAFullDiskTheEarlierReportStaysWhole() throws Exception {
        Path small = Files.createDirectories(dir.resolve("small"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small.toString())
                .redirectErrorStream(true)
                .start();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                mount.waitFor() == 0, "needs root to mount a small tmpfs (a disk that fills up)");
        try {
            Path db = storeWithStudies(dir, 1);
            var big = StoreSafetyTest.fakeStudy(
                    db,
                    "big",
                    "sleep 1",
                    "sleep 2",
                    "sleep 3",
                    "sleep 1.5",
                    "sleep 2.5",
                    "sleep 0.5",
                    "sleep 4",
                    "sleep 5");
            assertThat(big.code()).as(big.err()).isZero();
            Path report = small.resolve("report.md");
            assertThat(overhead("report", "--store", db.toString(), "--export-markdown", report.toString(), "s1")
                            .code())
                    .isZero();
            String good = Files.readString(report);
            try (var filler = Files.newOutputStream(small.resolve("filler"))) {
                byte[] block = new byte[1024];
                while (true) {
                    filler.write(block);
                    filler.flush();
                }
            } catch (IOException full) {
                // the disk is full now
            }
            // a report of more pages than the old one frees: written in place, it would be cut off
            var r = overhead("report", "--store", db.toString(), "--export-markdown", report.toString(), "big");
            assertThat(r.code()).isEqualTo(1);
            assertThat(r.err()).contains("cannot write " + report);
            assertThat(Files.readString(report)).isEqualTo(good);
            try (var names = Files.list(small)) {
                assertThat(names.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("report.md", "filler");
            }
        } finally {
            new ProcessBuilder("umount", small.toString()).start().waitFor();
        }
    }
}
