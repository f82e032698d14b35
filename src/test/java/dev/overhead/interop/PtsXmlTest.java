package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.StudyResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Direction;
import java.io.StringReader;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;

class PtsXmlTest {
    private static StudyResult seed() {
        return PtsXml.read(Resources.text("interop/hardened-atomic.xml"), "hardened-atomic.xml");
    }

    @Test
    void systemsAreVariantsAndResultsAreWorkloadsWithTheirDirection() {
        StudyResult study = seed();
        assertThat(study.info().label()).isEqualTo("HARDENED_ATOMIC");
        WorkloadResult dbench = study.workloads().getFirst();
        assertThat(dbench.name()).isEqualTo("pts/dbench-1.0.0 [Client Count: 12]");
        assertThat(dbench.variants())
                .extracting(v -> v.name())
                .containsExactly("HARDENED_ATOMIC disabled", "HARDENED_ATOMIC enabled");
        var metric = dbench.workload().metrics().getFirst();
        assertThat(metric.name()).isEqualTo("MB/s");
        assertThat(metric.better()).isEqualTo(Direction.HIGHER);
        assertThat(dbench.variant("HARDENED_ATOMIC enabled").orElseThrow().values(metric))
                .containsExactly(87.0504, 106.451, 111.377, 110.239, 112.226, 113.152);
        assertThat(study.warnings())
                .anyMatch(w -> w.contains("has 6 runs on 'HARDENED_ATOMIC enabled' where others have 3"));
    }

    @Test
    void untidyEntriesAreReadWhereTheyCanBeAndWarnedAbout() {
        StudyResult study = seed();
        WorkloadResult kernel = study.workloads().get(1);
        assertThat(kernel.workload().metrics().getFirst().better()).isEqualTo(Direction.LOWER);
        assertThat(kernel.variant("HARDENED_ATOMIC disabled")
                        .orElseThrow()
                        .values(kernel.workload().metrics().getFirst()))
                .containsExactly(509.00912308693, 501.88456201553, 501.46281981468);
        assertThat(study.warnings()).anyMatch(w -> w.contains("has two entries"));
        WorkloadResult oneClient = study.workloads().get(2);
        assertThat(oneClient.variants())
                .singleElement()
                .satisfies(v -> assertThat(v.runs()).hasSize(1));
        assertThat(study.warnings())
                .anyMatch(w -> w.contains("has only its average"))
                .anyMatch(w -> w.contains("[Client Count: 1]' on 'HARDENED_ATOMIC enabled' has no values"));
    }

    @Test
    void externalEntitiesAreRefused() {
        assertThatThrownBy(() -> PtsXml.read(Resources.text("interop/xxe.xml"), "xxe.xml"))
                .isInstanceOf(FormatException.class)
                .hasMessageStartingWith("xxe.xml line 2: not well-formed XML");
    }

    @Test
    void writtenFilesFollowTheSchemaAndReadBackToTheSameSamples() throws Exception {
        StudyResult study = seed();
        String written = PtsXmlWriter.write(study, "0.1.0");
        var schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(Resources.path("external/pts-schema/pts-result-file.xsd")
                        .toFile());
        schema.newValidator().validate(new StreamSource(new StringReader(written)));
        schema.newValidator()
                .validate(new StreamSource(new StringReader(Resources.text("interop/hardened-atomic.xml"))));

        StudyResult back = PtsXml.read(written, "written.xml");
        assertThat(back.variantNames()).containsExactly("HARDENED_ATOMIC disabled", "HARDENED_ATOMIC enabled");
        for (int i = 0; i < study.workloads().size(); i++) {
            WorkloadResult a = study.workloads().get(i);
            WorkloadResult b = back.workloads().get(i);
            var metric = a.workload().metrics().getFirst();
            assertThat(b.name()).isEqualTo(a.name() + " [" + metric.name() + "]");
            assertThat(b.workload().metrics().getFirst().better()).isEqualTo(metric.better());
            for (var v : a.variants()) {
                assertThat(b.variant(v.name())
                                .orElseThrow()
                                .values(b.workload().metrics().getFirst()))
                        .containsExactly(v.values(metric));
            }
        }
    }
}
