package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compare --submission} in each format, to stdout and to files, and what it refuses. */
class SubmissionCompareTest {
    private static final String SUB = "20261203-141500-3b9d";

    @TempDir
    Path dir;

    private String store() {
        String store = dir.resolve("team.db").toString();
        for (String machine : new String[] {"alpha", "beta"}) {
            var r = overhead(
                    "run",
                    "--fake-exec",
                    "--runs",
                    "4",
                    "--seed",
                    "3",
                    "--store",
                    store,
                    "--label",
                    SUB + "@" + machine,
                    "-V",
                    "base:",
                    "-V",
                    "hardened: FAKE_SCALE=" + (machine.equals("alpha") ? "1.05" : "1.03"),
                    "--",
                    "fake",
                    "wall=1",
                    "jitter=1%");
            assertThat(r.code()).as(r.err()).isZero();
        }
        return store;
    }

    @Test
    void jsonCsvAndTextCarryTheSameFigures() throws Exception {
        String store = store();
        var text = overhead("compare", "--store", store, "--submission", SUB);
        assertThat(text.code()).as(text.err()).isZero();
        var json = overhead("compare", "--store", store, "--submission", SUB, "--format", "json");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(json.out());
        assertThat(root.path("schema").asText()).isEqualTo("overhead/1");
        assertThat(root.path("comparisons")).hasSize(2);
        JsonNode pooled = root.path("pooled").get(0);
        assertThat(pooled.path("machines").asInt()).isEqualTo(2);
        String change = String.format(
                java.util.Locale.ROOT, "%+.1f%%", pooled.path("change_pct").asDouble());
        String interval = String.format(
                java.util.Locale.ROOT,
                "[%+.1f, %+.1f]",
                pooled.path("ci_low_pct").asDouble(),
                pooled.path("ci_high_pct").asDouble());
        assertThat(text.out())
                .containsPattern("(?m)^fake wall=1 jitter=1% +hardened +\\Q" + change + "\\E +\\Q" + interval + "\\E");

        var csv = overhead("compare", "--store", store, "--submission", SUB, "--format", "csv");
        assertThat(csv.code()).as(csv.err()).isZero();
        assertThat(csv.out().lines()).hasSize(4).first().asString().startsWith("kind,machine,study,workload");
        assertThat(csv.out()).contains("\npooled,,,fake wall=1 jitter=1%,wall,s,base,hardened,2,");
    }

    @Test
    void exportsGoToFilesBesideTheText() throws Exception {
        String store = store();
        Path json = dir.resolve("out/submission.json");
        Path csv = dir.resolve("submission.csv");
        var r = overhead(
                "compare",
                "--store",
                store,
                "--submission",
                SUB,
                "--export-json",
                json.toString(),
                "--export-csv",
                csv.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("pooled over machines");
        assertThat(Files.readString(json)).contains("\"pooled\"");
        assertThat(Files.readString(csv)).startsWith("kind,machine");
        var toStdout = overhead("compare", "--store", store, "--submission", SUB, "--export-json", "-");
        assertThat(toStdout.out()).startsWith("{").doesNotContain("pooled over machines");
    }

    @Test
    void aReportOfOneStudyIsRefusedInOneSentence() {
        String store = store();
        var html = overhead("compare", "--store", store, "--submission", SUB, "--format", "html");
        assertThat(html.code()).isEqualTo(2);
        assertThat(html.err())
                .contains("--submission writes --format text, markdown, json, csv or junit")
                .doesNotContain("\tat ");
        var pts = overhead("compare", "--store", store, "--submission", SUB, "--export-pts", "x.xml");
        assertThat(pts.code()).isEqualTo(2);
        assertThat(pts.err()).contains("--export-pts writes one study");
        var none = overhead("compare", "--store", store, "--submission", "20990101-000000-0000");
        assertThat(none.code()).isEqualTo(1);
        assertThat(none.err()).contains("no study of submission");
    }

    /** Issue 31 case 2: the CI gate on the pooled interval (before: exit 0 whatever the pooled interval). */
    @Test
    void failIfWorseTripsOnThePooledIntervalAndMarkdownIsWritten() throws Exception {
        String store = threeMachines(dir.resolve("gate.db"), "1.30", "1.32", "1.34");
        var json = overhead("compare", "--store", store, "--submission", SUB, "--format", "json");
        JsonNode pooled = new ObjectMapper().readTree(json.out()).path("pooled").get(0);
        double low = pooled.path("ci_low_pct").asDouble();
        assertThat(low).as("the pooled interval lies above +5%").isGreaterThan(5);
        var gated = overhead("compare", "--store", store, "--submission", SUB, "--fail-if-worse", "5%");
        assertThat(gated.code()).as(gated.err()).isEqualTo(3);
        assertThat(gated.err()).contains("hardened is worse than base").contains("beyond 5.0% (--fail-if-worse)");
        var beyond = overhead(
                "compare",
                "--store",
                store,
                "--submission",
                SUB,
                "--fail-if-worse",
                String.format(java.util.Locale.ROOT, "%.1f%%", low + 1));
        assertThat(beyond.code())
                .as("a gate above the interval's lower end: " + beyond.err())
                .isZero();
        var md = overhead("compare", "--store", store, "--submission", SUB, "--format", "markdown");
        assertThat(md.code()).as(md.err()).isZero();
        assertThat(md.out())
                .startsWith("# Submission " + SUB)
                .contains("## Pooled over machines")
                .contains("| workload ")
                .contains("**worse**")
                .contains("## Per machine");
        Path junit = dir.resolve("submission.xml");
        var ci = overhead(
                "compare",
                "--store",
                store,
                "--submission",
                SUB,
                "--fail-if-worse",
                "5%",
                "--export-junit",
                junit.toString());
        assertThat(ci.code()).as(ci.err()).isEqualTo(3);
        String xml = Files.readString(junit);
        JUnitSchema.validate(xml);
        assertThat(xml).contains("<failure message=\"worse by more than 5.0% (--fail-if-worse)\"");
    }

    /** Three machines whose candidate costs these times the baseline, 1% noise. */
    private static String threeMachines(Path db, String... scales) {
        String[] machines = {"alpha", "beta", "gamma"};
        for (int i = 0; i < machines.length; i++) {
            String machine = machines[i];
            var r = overhead(
                    "run",
                    "--fake-exec",
                    "--runs",
                    "6",
                    "--seed",
                    "5",
                    "--store",
                    db.toString(),
                    "--label",
                    SUB + "@" + machine,
                    "-V",
                    "base:",
                    "-V",
                    "hardened: FAKE_SCALE=" + scales[i],
                    "--",
                    "fake",
                    "wall=1",
                    "jitter=1%");
            assertThat(r.code()).as(r.err()).isZero();
        }
        return db.toString();
    }
}
