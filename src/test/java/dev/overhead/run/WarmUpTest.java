package dev.overhead.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.exec.ExecException;
import dev.overhead.exec.ExecRequest;
import dev.overhead.exec.ExecResult;
import dev.overhead.exec.Executor;
import dev.overhead.exec.FakeExecutor;
import dev.overhead.exec.OutputPolicy;
import dev.overhead.model.RunOrder;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.store.SqliteStore;
import dev.overhead.store.Store;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A warm-up run is the run it warms up for, only not recorded: the variant's set-up before it, the workload's and
 * the study's prepare commands and the machine's hooks before each, the same request (seed 000's plan failed on a
 * fresh machine because its warm-up ran before the prepare that made the build directory).
 */
class WarmUpTest {
    @TempDir
    Path dir;

    /** Each request's argv joined, and "tree" where the run's process tree was measured; "hook" per beforeRun. */
    private final List<String> log = new ArrayList<>();

    private final class Recording implements Executor {
        private final FakeExecutor fake = new FakeExecutor(1);

        @Override
        public ExecResult run(ExecRequest request) throws ExecException {
            log.add(String.join(" ", request.argv()) + (request.tree() ? " [tree]" : ""));
            return fake.run(request);
        }

        @Override
        public void cancel() {}

        @Override
        public String describe() {
            return "recording fake";
        }

        @Override
        public boolean exactMaxRss() {
            return true;
        }

        @Override
        public void close() {}
    }

    private final MachineHooks hooks = new MachineHooks() {
        @Override
        public void beforeRun() {
            log.add("hook");
        }

        @Override
        public void afterRun() {}

        @Override
        public List<String> warnings() {
            return List.of();
        }
    };

    private List<String> study(RunOrder order) throws Exception {
        StudySettings settings = StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Fixed(1))
                .warmup(1)
                .order(order)
                .prepare("true")
                .seed(1L)
                .build();
        Workload w =
                new Workload("w", List.of("fake", "wall=1"), false, Map.of(), List.of("true", "w"), List.of(), null);
        List<Variant> variants = List.of(
                new Variant("a", Map.of(), List.of(), List.of("true", "setup-a"), List.of()),
                new Variant("b", Map.of(), List.of(), List.of("true", "setup-b"), List.of()));
        AtomicLong nanos = new AtomicLong();
        try (Store store = SqliteStore.open(dir.resolve("s.db"))) {
            new StudyRunner(
                            new Recording(),
                            store,
                            Listener.SILENT,
                            hooks,
                            () -> nanos.addAndGet(1_000_000),
                            () -> Instant.EPOCH)
                    .run(
                            new StudySpec("t", List.of(w), variants, settings, new OutputPolicy.Discard()),
                            new StudyInfo("20260101-000000-0001", "t", Instant.EPOCH, settings),
                            Map.of(),
                            null);
        }
        return log;
    }

    @Test
    void aWarmUpRunIsPreparedLikeAMeasuredOneAfterTheSetups() throws Exception {
        assertThat(study(RunOrder.INTERLEAVED))
                .containsExactly(
                        "true setup-a",
                        "true setup-b",
                        // warm-up of a, then of b: the hooks, the workload's prepare, the study's, the same request
                        "hook",
                        "true w",
                        "/bin/sh -c true",
                        "fake wall=1 [tree]",
                        "hook",
                        "true w",
                        "/bin/sh -c true",
                        "fake wall=1 [tree]",
                        // the measured round
                        "hook",
                        "true w",
                        "/bin/sh -c true",
                        "fake wall=1 [tree]",
                        "hook",
                        "true w",
                        "/bin/sh -c true",
                        "fake wall=1 [tree]");
    }

    @Test
    void inBlockedOrderEachVariantWarmsUpAfterItsOwnSetup() throws Exception {
        assertThat(study(RunOrder.BLOCKED))
                .containsExactly(
                        "true setup-a",
                        "hook",
                        "true w",
                        "/bin/sh -c true",
                        "fake wall=1 [tree]",
                        "hook",
                        "true w",
                        "/bin/sh -c true",
                        "fake wall=1 [tree]",
                        "true setup-b",
                        "hook",
                        "true w",
                        "/bin/sh -c true",
                        "fake wall=1 [tree]",
                        "hook",
                        "true w",
                        "/bin/sh -c true",
                        "fake wall=1 [tree]");
    }
}
