package dev.overhead.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.exec.FakeExecutor;
import dev.overhead.exec.OutputPolicy;
import dev.overhead.model.LookSchedule;
import dev.overhead.model.Stop;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.report.TextRenderer;
import dev.overhead.store.SqliteStore;
import dev.overhead.store.Store;
import dev.overhead.verdicts.Judge;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28.5: the reason a study's runs ended is the true one — settled, --max-runs, the time budget,
 * Ctrl-C — in the result, in the store, and in the report of the stored study; every report used to
 * end "stopped at the first look where every primary verdict was settled", whatever ended it.
 */
class StopReasonTest {
    @TempDir
    Path dir;

    private static final String STOCK = "stopped at the first look where every primary verdict was settled";

    private static StudySettings adaptive(int min, int max, Double precision, Duration budget) {
        return StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Adaptive(min, max, LookSchedule.DOUBLING, precision))
                .timeBudget(budget)
                .seed(42L)
                .build();
    }

    private static StudySpec spec(StudySettings settings, String... commands) {
        List<Variant> variants = new java.util.ArrayList<>();
        for (int i = 0; i < commands.length; i++) {
            variants.add(new Variant("v" + i, Map.of(), List.of("sh", "-c", commands[i]), List.of(), List.of()));
        }
        return new StudySpec(
                "t",
                List.of(new Workload("w", List.of(), false, Map.of(), List.of(), List.of())),
                variants,
                settings,
                new OutputPolicy.Discard());
    }

    private static StudyRunner runner(Store store) {
        AtomicLong nanos = new AtomicLong();
        return new StudyRunner(
                new FakeExecutor(7),
                store,
                Listener.SILENT,
                MachineHooks.NONE,
                () -> nanos.addAndGet(1_000_000),
                () -> Instant.EPOCH);
    }

    private StudyResult measure(Store store, StudySettings settings, String... commands) throws Exception {
        StudyInfo info = new StudyInfo("20261204-000000-0001", "t", Instant.EPOCH, settings);
        return runner(store).run(spec(settings, commands), info, Map.of(), null).result();
    }

    /** The stored study as {@code overhead report} reads and judges it. */
    private static String reportOfStored(Store store) throws Exception {
        StudyResult loaded = store.load("20261204-000000-0001").orElseThrow();
        StudySettings s = loaded.info().settings();
        return TextRenderer.render(Judge.of(s).analyse(loaded, s.baseline(), s.compare()));
    }

    @Test
    void maxRunsEndsAStudyWhoseVerdictNeverSettlesAndTheReportSaysSo() throws Exception {
        try (Store store = SqliteStore.open(dir.resolve("s.db"))) {
            // a 1% difference in 20% noise: nothing settles in 10 runs
            StudyResult r =
                    measure(store, adaptive(5, 10, null, null), "fake wall=1 jitter=20%", "fake wall=1.01 jitter=20%");
            assertThat(r.workloads().getFirst().stop()).isEqualTo(new Stop(Stop.Reason.MAX_RUNS, 10));
            assertThat(store.load("20261204-000000-0001")
                            .orElseThrow()
                            .workloads()
                            .getFirst()
                            .stop())
                    .isEqualTo(new Stop(Stop.Reason.MAX_RUNS, 10));
            String text = reportOfStored(store);
            assertThat(text.replaceAll("\\s+", " "))
                    .contains("stopped at --max-runs (10 runs per variant) before every primary verdict was settled")
                    .doesNotContain(STOCK);
        }
    }

    @Test
    void theTimeBudgetIsNamedWhenItEndsTheRuns() throws Exception {
        try (Store store = SqliteStore.open(dir.resolve("s.db"))) {
            StudyResult r = measure(
                    store,
                    adaptive(5, 50, null, Duration.ofMillis(3)),
                    "fake wall=1 jitter=20%",
                    "fake wall=1.01 jitter=20%");
            assertThat(r.workloads().getFirst().stop().reason()).isEqualTo(Stop.Reason.TIME_BUDGET);
            assertThat(reportOfStored(store).replaceAll("\\s+", " ")).contains("stopped by the time budget after");
        }
    }

    @Test
    void aSettledStudyWaitsForItsPrecisionAndSaysSo() throws Exception {
        try (Store store = SqliteStore.open(dir.resolve("s.db"))) {
            // 10% slower in 1% noise: settled at the first look, but ±1% needs more runs than 5
            StudyResult r =
                    measure(store, adaptive(5, 50, 1.0, null), "fake wall=1 jitter=1%", "fake wall=1.1 jitter=1%");
            Stop stop = r.workloads().getFirst().stop();
            assertThat(stop.reason()).isEqualTo(Stop.Reason.SETTLED);
            assertThat(stop.runs()).isGreaterThan(5);
            assertThat(reportOfStored(store).replaceAll("\\s+", " "))
                    .contains("stopped at the look at " + stop.runs()
                            + " runs per variant: every primary verdict settled within ±1%");
        }
    }

    @Test
    void ctrlCIsNamedAsAnInterruption() throws Exception {
        try (Store store = SqliteStore.open(dir.resolve("s.db"))) {
            AtomicReference<StudyRunner> runner = new AtomicReference<>();
            runner.set(new StudyRunner(
                    new FakeExecutor(7),
                    store,
                    (w, v, i, ended, p, e, l, sp, verdict, ci) -> {
                        if (ended == 4) {
                            runner.get().cancel();
                        }
                    },
                    MachineHooks.NONE,
                    () -> 0L,
                    () -> Instant.EPOCH));
            StudySettings settings = adaptive(5, 50, null, null);
            StudyInfo info = new StudyInfo("20261204-000000-0001", "t", Instant.EPOCH, settings);
            StudyResult r = runner.get()
                    .run(spec(settings, "fake wall=1 jitter=1%", "fake wall=2 jitter=1%"), info, Map.of(), null)
                    .result();
            assertThat(r.workloads().getFirst().stop()).isEqualTo(new Stop(Stop.Reason.INTERRUPTED, 2));
            assertThat(reportOfStored(store).replaceAll("\\s+", " ")).contains("interrupted after 2 runs per variant");
        }
    }
}
