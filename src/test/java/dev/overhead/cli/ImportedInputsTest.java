package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issues 28.6, 28.7 and 33.12 through the command line: what import and run say about their input files. */
@Processes
class ImportedInputsTest {
    @TempDir
    Path dir;

    @Test
    void anImportedPerBuildStudyIsReportedOverBuilds() throws Exception {
        Path csv = Files.writeString(
                dir.resolve("builds.csv"),
                dev.overhead.interop.SampleCsvUnitsTest.perBuildStudy(new SplittableRandom(5), 3, 4, 0.02, true));
        String store = dir.resolve("s.db").toString();
        var imported = overhead("import", "--store", store, csv.toString());
        assertThat(imported.code()).as(imported.err()).isZero();
        String id = imported.out().strip().replaceFirst(".* as study ", "");
        var report = overhead("report", "--store", store, "--format", "json", id);
        assertThat(report.code()).as(report.err()).isZero();
        JsonNode wall =
                new ObjectMapper().readTree(report.out()).path("comparisons").get(0);
        assertThat(wall.path("design").asText()).isEqualTo("builds");
        assertThat(wall.path("units").path("build").asInt()).isEqualTo(3);
    }

    @Test
    void aResultFileWithFieldsOfTheWrongTypeIsNotImported() throws Exception {
        Path json = Files.writeString(
                dir.resolve("o.json"),
                "{\"schema\": \"overhead/1\", \"study\": {\"id\": \"x\"},\n \"workloads\": [{\"name\": \"w\","
                        + " \"variants\": [{\"name\": \"a\", \"runs\": [\n{\"index\": \"abc\", \"wall_s\": 1}]}]}]}");
        String store = dir.resolve("s.db").toString();
        var r = overhead("import", "--store", store, json.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("overhead: " + json + " line 3: workloads[0].variants[0].runs[0].index is \"abc\", not a"
                        + " whole number; fix or remove it (is the file damaged?).\n");
        assertThat(overhead("list", "--store", store).out()).doesNotContain("o.json");
        Path go = Files.writeString(dir.resolve("go.txt"), "BenchmarkX-8  0  5 ns/op\n");
        var g = overhead("import", "--store", store, go.toString());
        assertThat(g.code()).isEqualTo(1);
        assertThat(g.err()).contains("BenchmarkX-8 ran 0 iterations").doesNotContain("\tat ");
    }

    @Test
    void aPlanOnAFifoAndAnEndlessTimeoutAreRefusedBeforeAnyRun() throws Exception {
        Path fifo = dir.resolve("plan.yaml");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        String store = dir.resolve("s.db").toString();
        var r = assertTimeoutPreemptively(
                Duration.ofSeconds(30),
                () -> overhead("run", "--fake-exec", "--store", store, "--plan", fifo.toString()));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("not a regular file");
        Path plan = Files.writeString(
                dir.resolve("p.yaml"),
                "timeout: 9999999999d\nruns: {count: 2}\nworkloads: [{name: t, command: 'true'}]\n");
        var t = overhead("run", "--fake-exec", "--store", store, "--plan", plan.toString());
        assertThat(t.code()).isEqualTo(2);
        assertThat(t.err()).contains("is longer than overhead takes anywhere (3650d, ten years)");
        assertThat(Files.exists(dir.resolve("s.db"))).as("nothing was stored").isFalse();
    }
}
