package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.StudyResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FormatsTest {
    @TempDir
    Path tmp;

    @Test
    void theFormatIsToldByContent() {
        assertThat(Formats.detect(Resources.text("external/hyperfine/1brc.json"), "x"))
                .isEqualTo(Formats.Kind.HYPERFINE);
        assertThat(Formats.detect(Resources.text("external/pyperf/telco.json"), "x"))
                .isEqualTo(Formats.Kind.PYPERF);
        assertThat(Formats.detect(Resources.text("external/benchstat/v1-legacy/old.txt"), "x"))
                .isEqualTo(Formats.Kind.GOBENCH);
        assertThat(Formats.detect(Resources.text("interop/hardened-atomic.xml"), "x"))
                .isEqualTo(Formats.Kind.PTS);
        assertThat(Formats.detect("workload,variant,metric,value\nw,a,wall,1\n", "x"))
                .isEqualTo(Formats.Kind.CSV);
        assertThat(Formats.detect("{\"schema\": \"overhead/1\", \"workloads\": []}", "x"))
                .isEqualTo(Formats.Kind.OVERHEAD);
    }

    @Test
    void aFileOfNoKnownFormatGetsOneSentenceNamingTheFormats() throws Exception {
        Path f = tmp.resolve("notes.txt");
        Files.writeString(f, "just some notes\n");
        assertThatThrownBy(() -> Formats.read(f))
                .isInstanceOf(FormatException.class)
                .hasMessage(
                        f
                                + " is none of the formats overhead reads: overhead JSON, sample CSV (workload,variant,metric,value), "
                                + "hyperfine JSON, pyperf JSON, Go benchmark output (benchstat's input) or a Phoronix Test Suite composite.xml.");
        assertThatThrownBy(() -> Formats.read(tmp.resolve("missing.json")))
                .hasMessageEndingWith("missing.json does not exist.");
    }

    @Test
    void oneVariantFilesMergeIntoOneStudyByWorkloadName() throws Exception {
        Path old = tmp.resolve("old.txt");
        Path neu = tmp.resolve("new.txt");
        Files.copy(Resources.path("external/benchstat/v1-legacy/old.txt"), old);
        Files.copy(Resources.path("external/benchstat/v1-legacy/new.txt"), neu);
        StudyResult study = Formats.readAll(List.of(old, neu));
        assertThat(study.workloads()).hasSize(36);
        assertThat(study.variantNames()).containsExactly("old", "new");
        assertThat(study.workloads().getFirst().variants())
                .extracting(v -> v.runs().size())
                .containsExactly(10, 10);
    }

    @Test
    void twoFilesWithOneCommandEachBecomeTwoVariantsOfOneWorkload() throws Exception {
        String one = Resources.text("external/hyperfine/hyperfiner-mdfind-old-format.json");
        Files.writeString(tmp.resolve("before.json"), one);
        Files.writeString(tmp.resolve("after.json"), one);
        StudyResult study = Formats.readAll(List.of(tmp.resolve("before.json"), tmp.resolve("after.json")));
        assertThat(study.workloads())
                .singleElement()
                .satisfies(
                        w -> assertThat(w.variants()).extracting(v -> v.name()).containsExactly("before", "after"));
    }
}
