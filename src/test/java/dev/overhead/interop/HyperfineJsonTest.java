package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.verdicts.Analyzer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HyperfineJsonTest {
    @Test
    void everyCommandOfAFileIsAVariantWithItsTimesAsWallSamples() {
        StudyResult study =
                HyperfineJson.read(Resources.text("external/hyperfine/3em-results.json"), "3em-results.json");
        var w = study.workloads().getFirst();
        assertThat(w.name()).isEqualTo("3em-results");
        assertThat(w.variants()).hasSize(5);
        assertThat(w.variants().getFirst().name()).isEqualTo("../../target/release/bench");
        assertThat(w.variants().getFirst().runs()).hasSize(20);
        assertThat(w.variants().getFirst().runs().getFirst().wallS()).isEqualTo(2.4772243683400004);
        assertThat(Analyzer.metricsOf(w)).extracting(MetricSpec::name).containsExactly("wall");
    }

    @Test
    void userAndSystemMeansAreNotesNotSamples() {
        StudyResult study = HyperfineJson.read(Resources.text("external/hyperfine/1brc.json"), "1brc.json");
        assertThat(study.warnings()).anyMatch(w -> w.contains("user 43.5557 s, system 7.31674 s"));
        assertThat(study.workloads().getFirst().variants().getFirst().runs())
                .allMatch(r -> r.userS() == 0 && r.exitCode() == 0);
    }

    @Test
    void theOldFormatWithoutExitCodesAndOneCommandIsAVariantNamedAfterTheFile() {
        StudyResult study = HyperfineJson.read(
                Resources.text("external/hyperfine/hyperfiner-mdfind-old-format.json"), "dir/before.json");
        var w = study.workloads().getFirst();
        assertThat(w.name()).isEqualTo("mdfind kMDItemFSName==\"~/*.Rmd\"");
        assertThat(w.variants()).singleElement().satisfies(v -> {
            assertThat(v.name()).isEqualTo("before");
            assertThat(v.runs())
                    .extracting(Run::wallS)
                    .containsExactly(0.039962171745000004, 0.038572663745, 0.036782932745000003);
        });
    }

    @Test
    void memoryAndParametersAndSignalsOfNewerHyperfineAreRead() {
        String json = """
                {"results": [
                  {"command": "sort -S 1M", "mean": 1, "stddev": null, "median": 1, "user": 0.5, "system": 0.1,
                   "min": 1, "max": 1, "times": [1.0, 1.5], "memory_usage_byte": [2048000, 4096000],
                   "exit_codes": [0, null], "parameters": {"buf": "1M"}},
                  {"command": "sort -S 8M", "mean": 1, "stddev": null, "median": 1, "user": 0.5, "system": 0.1,
                   "min": 1, "max": 1, "times": [2.0, 2.5], "memory_usage_byte": [8192000, 8192000],
                   "exit_codes": [0, 0], "parameters": {"buf": "8M"}}]}
                """;
        var study = HyperfineJson.read(json, "sort.json");
        var w = study.workloads().getFirst();
        assertThat(w.variants()).extracting(v -> v.name()).containsExactly("buf=1M", "buf=8M");
        assertThat(w.variants().getFirst().runs()).extracting(Run::maxRssKib).containsExactly(2000L, 4000L);
        assertThat(w.variants().getFirst().runs().get(1).exitCode()).isEqualTo(-1);
        assertThat(Analyzer.metricsOf(w)).extracting(MetricSpec::name).containsExactly("wall", "max_rss");
        assertThat(study.warnings()).anyMatch(s -> s.contains("memory_usage_byte"));
    }

    @Test
    void writtenFilesHaveHyperfinesFieldsAndReadBackToTheSameSamples() throws Exception {
        StudyResult study =
                HyperfineJson.read(Resources.text("external/hyperfine/3em-results.json"), "3em-results.json");
        String written = HyperfineJson.write(study);
        ObjectMapper m = new ObjectMapper();
        JsonNode ours = m.readTree(written).path("results").get(0);
        JsonNode theirs = m.readTree(Resources.text("external/hyperfine/1brc.json"))
                .path("results")
                .get(0);
        List<String> ourFields = new ArrayList<>();
        ours.fieldNames().forEachRemaining(ourFields::add);
        List<String> theirFields = new ArrayList<>();
        theirs.fieldNames().forEachRemaining(theirFields::add);
        assertThat(ourFields).containsExactlyElementsOf(theirFields);
        assertThat(ours.path("mean").asDouble())
                .isCloseTo(2.3461116391399996, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(ours.path("stddev").asDouble())
                .isCloseTo(0.12710150437751278, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(ours.path("median").asDouble()).isCloseTo(2.33984530584, org.assertj.core.data.Offset.offset(1e-12));

        StudyResult back = HyperfineJson.read(written, "3em-results.json");
        for (int i = 0; i < 5; i++) {
            var a = study.workloads().getFirst().variants().get(i);
            var b = back.workloads().getFirst().variants().get(i);
            assertThat(b.name()).isEqualTo(a.name());
            assertThat(b.runs())
                    .extracting(Run::wallS)
                    .containsExactlyElementsOf(a.runs().stream().map(Run::wallS).toList());
        }
    }
}
