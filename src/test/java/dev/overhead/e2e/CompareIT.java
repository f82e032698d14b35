package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code compare}, {@code report} and {@code import} end to end through the real launcher. */
class CompareIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    private Path dbench() throws Exception {
        // hardened: -2.4% by its point estimate, but the interval reaches well past -5% and past 0
        return SampleCsv.dbench(
                overhead.home().resolve("dbench-noisy.csv"),
                new double[] {100.1, 99.8, 100.3, 100.0},
                new double[] {90.2, 104.9, 96.4, 99.1});
    }

    @Test
    void anExportToStdoutOwnsIt() throws Exception {
        var r = overhead.run("compare", "--export-json", "-", dbench().toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        // the whole of stdout is one JSON document: no text report after it
        assertThat(JSON.readTree(r.stdout()).path("schema").asText()).isEqualTo("overhead/1");
        assertThat(r.stdout()).doesNotContain("summary:");
    }

    @Test
    void failIfWorseTripsOnTheWholeIntervalNotThePointEstimate() throws Exception {
        String csv = dbench().toString();
        var r = overhead.run("compare", "--fail-if-worse", "2", csv);
        assertThat(r.exitCode())
                .as("the estimate is past 2%%, the interval is not: " + r)
                .isZero();
        r = overhead.run("compare", "--fail-if-worse", "throughput:0.1%", "--fail-if-worse", "50", csv);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        r = overhead.run("compare", "--fail-if-worse", "nonsense:x", csv);
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stderr()).contains("--fail-if-worse nonsense:x");
    }

    @Test
    void aPtsResultShowsItsArgumentsNotACommandAndItsOwnPrimary() throws Exception {
        Path xml = overhead.home().resolve("hardened-atomic.xml");
        Files.copy(
                Path.of(
                        System.getProperty("overhead.project.root", "."),
                        "src/test/resources/interop/hardened-atomic.xml"),
                xml);
        var r = overhead.run("compare", xml.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stdout()).doesNotContain("command:").doesNotContain("primary metric wall");
    }

    @Test
    void sampleCsvIsComparedWithTheDirectionItStates() throws Exception {
        Path csv = SampleCsv.dbench(
                overhead.home().resolve("dbench.csv"),
                new double[] {100.1, 99.8, 100.3, 100.0},
                new double[] {90.2, 89.9, 90.4, 90.1});
        var r = overhead.run("compare", "--format", "json", csv.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode c = JSON.readTree(r.stdout()).path("comparisons").get(0);
        assertThat(c.path("metric").asText()).isEqualTo("throughput");
        assertThat(c.path("verdict").asText()).as("a drop in MB/s is worse").isEqualTo("worse");
        assertThat(c.path("change_pct").asDouble()).isBetween(-11.0, -9.0);
    }

    @Test
    void theEstimandIsChosenByOptionNamedInMethodAndLegendAndKeptByTheStore() throws Exception {
        // 12 runs a side, the candidate 5% slower in every run, and one candidate run hit by a spike
        StringBuilder rows = new StringBuilder("workload,variant,metric,value,better,unit\n");
        for (int i = 0; i < 12; i++) {
            rows.append("w,base,wall,").append(1 + 0.002 * (i % 5)).append(",lower,s\n");
            rows.append("w,new,wall,")
                    .append(i == 3 ? 3.0 : 1.05 + 0.002 * ((i + 2) % 5))
                    .append(",lower,s\n");
        }
        Path csv = overhead.home().resolve("spike.csv");
        Files.writeString(csv, rows.toString());
        var typical = overhead.run("compare", "--estimand", "typical", "--format", "json", csv.toString());
        assertThat(typical.exitCode()).as(typical.toString()).isZero();
        JsonNode root = JSON.readTree(typical.stdout());
        JsonNode t = root.path("comparisons").get(0);
        assertThat(t.path("method").asText()).isEqualTo("typical ratio, hodges-lehmann on log values");
        assertThat(t.path("change_pct").asDouble()).isBetween(4.5, 5.5);
        // the figures it is computed from: the baseline's median, and that median times the typical ratio
        assertThat((t.path("candidate_value").asDouble()
                                        / t.path("baseline_value").asDouble()
                                - 1)
                        * 100)
                .isCloseTo(t.path("change_pct").asDouble(), org.assertj.core.api.Assertions.within(1e-3));
        var text = overhead.run("compare", "--detail", "--estimand", "typical", csv.toString());
        assertThat(text.stdout().replaceAll("\\s+", " "))
                .contains("Change in 1 comparison: typical ratio (hodges-lehmann on log values).")
                .contains("Typical ratio: the median ratio of a candidate run to a baseline run");
        // the default counts the spike: it is part of what the change costs
        var geomean = overhead.run("compare", "--format", "json", csv.toString());
        JsonNode g = JSON.readTree(geomean.stdout()).path("comparisons").get(0);
        assertThat(g.path("method").asText()).isEqualTo("ratio of geometric means, welch-t on log values");
        assertThat(g.path("change_pct").asDouble()).isGreaterThan(13);
        var bad = overhead.run("compare", "--estimand", "median", csv.toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.stderr()).contains("--estimand median is not known").doesNotContain("\tat ");
        // a study run with --estimand typical is judged again with it by report
        assertThat(overhead.run(
                                "run",
                                "--fake-exec",
                                "--runs",
                                "5",
                                "--estimand",
                                "typical",
                                "--label",
                                "typ",
                                "fake wall=1.0 jitter=1%",
                                "fake wall=1.1 jitter=1%")
                        .exitCode())
                .isZero();
        var report = overhead.run("report", "--format", "json", "typ");
        assertThat(report.exitCode()).as(report.toString()).isZero();
        JsonNode stored = JSON.readTree(report.stdout());
        assertThat(stored.path("study").path("options").path("estimand").asText())
                .isEqualTo("typical");
        assertThat(Launcher.comparison(stored, "wall", null).path("method").asText())
                .startsWith("typical ratio, hodges-lehmann on log values");
    }

    @Test
    void aBrokenCsvRowIsRefusedWithItsLineNumber() throws Exception {
        Path csv = overhead.home().resolve("bad.csv");
        Files.writeString(csv, "workload,variant,metric,value\nw,a,wall,1.0\nw,b,wall,abc\n");
        var r = overhead.run("compare", csv.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).contains("line 3").contains("abc").doesNotContain("\tat ");
    }

    @Test
    void twoStoredStudiesOfOneVariantEachCompareAsBeforeAndAfter() throws Exception {
        assertThat(overhead.run("run", "--fake-exec", "--runs", "5", "--label", "before", "fake wall=1.0 jitter=1%")
                        .exitCode())
                .isZero();
        assertThat(overhead.run("run", "--fake-exec", "--runs", "5", "--label", "after", "fake wall=1.1 jitter=1%")
                        .exitCode())
                .isZero();
        var r = overhead.run("compare", "--format", "json", "before", "after");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        JsonNode wall = Launcher.comparison(root, "wall", null);
        assertThat(wall).isNotNull();
        assertThat(wall.path("baseline").asText()).isEqualTo("before");
        assertThat(wall.path("candidate").asText()).isEqualTo("after");
        assertThat(wall.path("verdict").asText()).isEqualTo("worse");
    }

    @Test
    void oneStoredStudyComparedGivesItsOwnPairedSequentialResultAndTwoSayTheyAreUnpaired() throws Exception {
        // adaptive, so the study's verdicts rest on the round pairing and the sequential widening
        var run = overhead.run(
                "run",
                "--fake-exec",
                "--label",
                "own",
                "--seed",
                "7",
                "fake wall=1.0 jitter=2%",
                "fake wall=1.03 jitter=2%");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        var report = overhead.run("report", "--format", "json", "own");
        var compare = overhead.run("compare", "--format", "json", "own");
        assertThat(compare.exitCode()).as(compare.toString()).isZero();
        JsonNode reported = JSON.readTree(report.stdout()).path("comparisons");
        assertThat(reported.size()).isPositive();
        assertThat(JSON.readTree(compare.stdout()).path("comparisons")).isEqualTo(reported);
        assertThat(compare.stdout()).doesNotContain("unpaired");

        assertThat(overhead.run("run", "--fake-exec", "--runs", "5", "--label", "other", "fake wall=1.0 jitter=2%")
                        .exitCode())
                .isZero();
        var two = overhead.run("compare", "own", "other");
        assertThat(two.stdout()).contains("compared unpaired");
    }

    @Test
    void theCrossBootCaseSaysHowTheMachinesDifferAboveTheTables() throws Exception {
        for (String side : new String[] {"before", "after"}) {
            Path json = overhead.home().resolve(side + ".json");
            var r = overhead.run(
                    "run",
                    "--fake-exec",
                    "--runs",
                    "5",
                    "--label",
                    side,
                    "--format",
                    "text",
                    "--export-json",
                    json.toString(),
                    side.equals("before") ? "fake wall=1.0 jitter=1%" : "fake wall=1.1 jitter=1%");
            assertThat(r.exitCode()).as(r.toString()).isZero();
            var root = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(json.toFile());
            root.putObject("environment")
                    .putObject("kernel")
                    .put("release", side.equals("before") ? "6.1.0-27-amd64" : "6.1.0-27-amd64+stackleak");
            // a label of its own: the run's study and the imported one have the same creation time, so
            // "the newest with that label" could be either
            ((com.fasterxml.jackson.databind.node.ObjectNode) root.path("study")).put("label", side + "-booted");
            Files.writeString(json, JSON.writeValueAsString(root));
            assertThat(overhead.run("import", json.toString()).exitCode()).isZero();
        }
        var r = overhead.run("compare", "--detail", "before-booted", "after-booted");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String top = r.stdout().substring(0, r.stdout().indexOf("vs before"));
        assertThat(top).contains("kernel.release").contains("6.1.0-27-amd64+stackleak");
    }

    @Test
    void reportWritesEveryFormatOfAStoredStudy() throws Exception {
        assertThat(overhead.run(
                                "run",
                                "--fake-exec",
                                "--runs",
                                "4",
                                "--label",
                                "formats",
                                "sleep 1",
                                "fake wall=1.5 jitter=1%")
                        .exitCode())
                .isZero();
        var text = overhead.run("report", "formats");
        assertThat(text.exitCode()).as(text.toString()).isZero();
        assertThat(text.stdout()).contains("worse");
        assertThat(text.stdout().lines())
                .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
        assertThat(overhead.run("report", "--format", "markdown", "formats").stdout())
                .contains("| ");
        assertThat(overhead.run("report", "--format", "csv", "formats").stdout())
                .startsWith("study");
        assertThat(overhead.run("report", "--format", "html", "formats").stdout())
                .contains("<html");
        Path json = overhead.home().resolve("out.json");
        var exported = overhead.run("report", "--format", "text", "--export-json", json.toString(), "formats");
        assertThat(exported.exitCode()).isZero();
        var again = overhead.run("compare", "--format", "json", json.toString());
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(again.stdout()).contains("\"verdict\" : \"worse\"");
    }

    @Test
    void aFileOfNoKnownFormatIsRefusedNamingTheFormats() throws Exception {
        Path junk = overhead.home().resolve("junk.txt");
        Files.writeString(junk, "hello\n");
        var r = overhead.run("compare", junk.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.stderr()).containsIgnoringCase("hyperfine").doesNotContain("\tat ");
    }

    @Test
    void importedHyperfineResultsAreListed() throws Exception {
        Path source = Launcher.ROOT.resolve("src/test/resources/external/hyperfine/1brc.json");
        var r = overhead.run("import", source.toString());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(overhead.run("list").stdout()).contains("1brc");
    }
}
