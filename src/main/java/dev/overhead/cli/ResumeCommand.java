package dev.overhead.cli;

import dev.overhead.exec.OutputPolicy;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.plan.RunOrder;
import dev.overhead.run.RunOptions;
import dev.overhead.run.StudySpec;
import dev.overhead.stats.CompareOptions;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code overhead resume STUDY}: continue an interrupted or failed study where it stopped. */
@Command(name = "resume", description = "Continue an interrupted study with the options it was started with.")
final class ResumeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "STUDY", description = "A study id, id prefix or label.")
    String study;

    @Option(names = "--fake-exec", hidden = true)
    boolean fakeExec;

    @Mixin
    StoreOption storeOption;

    @Mixin
    OutputOptions outputs;

    @Mixin
    VerdictOptions verdict;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws StoreException {
        StudyResult done;
        String state;
        try (Store store = storeOption.openForReading()) {
            done = StudyLoading.fromStore(store, study);
            state = store.studyDefinition(done.info().id()).map(d -> d.state()).orElse("unknown");
        }
        if (state.equals("done")) {
            throw new UserError(
                    1,
                    "study " + done.info().id() + " is complete; 'overhead report "
                            + done.info().id() + "' shows it, or start a new one with 'overhead run'");
        }
        StudySpec spec = specOf(done);
        return new StudyExecution(
                        this.spec.commandLine().getOut(),
                        this.spec.commandLine().getErr(),
                        storeOption,
                        outputs,
                        verdict,
                        fakeExec)
                .resume(spec, done);
    }

    /** The study's definition, rebuilt from what the store kept of it. */
    static StudySpec specOf(StudyResult s) {
        List<Workload> workloads =
                s.workloads().stream().map(WorkloadResult::workload).toList();
        List<Variant> variants = s.workloads().getFirst().variants().stream()
                .map(v -> v.variant())
                .toList();
        Map<String, Object> o = s.info().options();
        RunOptions options = new RunOptions(
                integer(o.get("runs")),
                intOr(o.get("min_runs"), 5),
                intOr(o.get("max_runs"), 50),
                intOr(o.get("warmup"), 0),
                seconds(o.get("time_budget_s")),
                RunOrder.parse(String.valueOf(o.getOrDefault("order", "randomized"))),
                (String) o.get("prepare"),
                seconds(o.get("timeout_s")),
                Boolean.TRUE.equals(o.get("ignore_failure")),
                String.valueOf(o.getOrDefault("primary", "wall")),
                (String) o.get("baseline"),
                new CompareOptions(number(o.get("confidence"), 0.95), number(o.get("threshold"), 1.0)),
                new OutputPolicy.Discard(),
                o.get("seed") instanceof Number n ? n.longValue() + 1 : System.nanoTime(),
                o.get("pin") instanceof List<?> l
                        ? l.stream().map(x -> ((Number) x).intValue()).toList()
                        : List.of(),
                integer(o.get("nice")),
                Boolean.TRUE.equals(o.get("no_aslr")),
                Boolean.TRUE.equals(o.get("drop_caches")),
                Boolean.TRUE.equals(o.get("counters")));
        return new StudySpec(s.info().label(), workloads, variants, options);
    }

    private static Integer integer(Object v) {
        return v instanceof Number n ? n.intValue() : null;
    }

    private static int intOr(Object v, int fallback) {
        return v instanceof Number n ? n.intValue() : fallback;
    }

    private static double number(Object v, double fallback) {
        return v instanceof Number n ? n.doubleValue() : fallback;
    }

    private static Duration seconds(Object v) {
        return v instanceof Number n ? Duration.ofMillis(Math.round(n.doubleValue() * 1000)) : null;
    }
}
