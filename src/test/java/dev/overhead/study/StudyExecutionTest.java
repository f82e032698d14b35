package dev.overhead.study;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.exec.OutputPolicy;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.run.StudySpec;
import dev.overhead.stats.Verdict;
import dev.overhead.store.Store;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The application runs a study without picocli: values in, a {@link Delivery} for what comes out. */
class StudyExecutionTest {
    @TempDir
    Path dir;

    /** Records what the study hands over, in order, and gates like --fail-if-worse would on a worse primary. */
    private static final class Recording implements Delivery {
        final List<String> calls = new ArrayList<>();
        StudyResult written;

        @Override
        public void checkTargets(Path storeFile) {
            calls.add("check " + storeFile.getFileName());
        }

        @Override
        public void write(StudyResult result) {
            calls.add("write");
            written = result;
        }

        @Override
        public int gate(StudyResult result) {
            calls.add("gate");
            return 3;
        }
    }

    @Test
    void runsStoresAndHandsTheResultToTheDeliveryAfterCheckingItsTargetsFirst() throws Exception {
        StudySettings settings = StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Fixed(3))
                .seed(7L)
                .build();
        StudySpec spec = new StudySpec(
                "two sleeps",
                List.of(new Workload("w", List.of(), false, Map.of(), List.of(), List.of())),
                List.of(
                        new Variant("short", Map.of(), List.of("sleep", "1"), List.of(), List.of()),
                        new Variant("long", Map.of(), List.of("sleep", "1.5"), List.of(), List.of())),
                settings,
                new OutputPolicy.Discard());
        StoreAccess store = new StoreAccess(dir.resolve("s.db").toString());
        Recording delivery = new Recording();

        int code = new StudyExecution(new PrintWriter(new StringWriter()), store, delivery, true).run(spec);

        assertThat(code).as("the delivery's gate decides the exit code").isEqualTo(3);
        assertThat(delivery.calls).containsExactly("check s.db", "write", "gate");
        assertThat(delivery.written.workloads().getFirst().variants())
                .allSatisfy(v -> assertThat(v.runs()).hasSize(3));
        assertThat(delivery.written.comparisons())
                .filteredOn(r -> r.metric().equals("wall"))
                .singleElement()
                .satisfies(r -> assertThat(r.comparison().verdict())
                        .as("the fake executor's sleep 1.5 against sleep 1")
                        .isEqualTo(Verdict.WORSE));
        try (Store opened = store.openForReading()) {
            assertThat(opened.load(delivery.written.info().id()))
                    .as("the runs are in the store")
                    .isPresent();
        }
    }
}
