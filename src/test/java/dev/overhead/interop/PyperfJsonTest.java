package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.StudyResult;
import org.junit.jupiter.api.Test;

class PyperfJsonTest {
    @Test
    void benchmarksAreWorkloadsAndWarmupsAreLeftOut() {
        StudyResult study =
                PyperfJson.read(Resources.text("external/pyperf/mult_list_py38.json"), "mult_list_py38.json");
        assertThat(study.workloads())
                .extracting(w -> w.name())
                .containsExactly("[1]*1000", "[1,2]*1000", "[1,2,3]*1000");
        var first = study.workloads().getFirst();
        var time = first.workload().metrics().getFirst();
        assertThat(time.name()).isEqualTo("time");
        assertThat(time.unit()).isEqualTo("s");
        // 21 runs: one calibration run (warm-ups only) and 20 runs of 3 values
        assertThat(first.variants().getFirst().values(time))
                .hasSize(60)
                .startsWith(2.138467605217187e-06, 2.173504745517363e-06, 2.1594300076976936e-06);
        assertThat(first.variants().getFirst().name()).isEqualTo("mult_list_py38");
        @SuppressWarnings("unchecked")
        var notes = (java.util.Map<String, Object>) study.environment().get("pyperf_metadata");
        assertThat(notes).containsEntry("cpu_count", 8).containsEntry("[1]*1000: loops", "64");
    }

    @Test
    void theBenchmarkNameMayComeFromTheFilesMetadata() {
        StudyResult study = PyperfJson.read(Resources.text("external/pyperf/telco.json"), "telco.json");
        assertThat(study.workloads()).singleElement().satisfies(w -> {
            assertThat(w.name()).isEqualTo("telco");
            assertThat(w.variants().getFirst().runs()).hasSize(120);
        });
    }
}
