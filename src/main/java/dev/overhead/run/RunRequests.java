package dev.overhead.run;

import dev.overhead.exec.ExecRequest;
import dev.overhead.model.RunOrder;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * What one run of a workload asks the executor for: the variant's command with its build resolved, its
 * environment padded to the layout of the round, and the study's settings (timeout, output, pinning, nice, ASLR,
 * counters). Kept apart from {@link WorkloadLoop}, which decides when to run; this decides what.
 */
final class RunRequests {
    /** How much of a run's output is kept for the metrics parsed from it. */
    private static final int CAPTURE_BYTES = 64 * 1024;

    private final StudySpec spec;
    private final StudySettings options;
    private final Workload workload;
    private final LayoutPadding layout;
    private final java.nio.file.Path scratch;

    RunRequests(StudySpec spec, Workload workload, java.nio.file.Path scratch) {
        this.spec = spec;
        this.scratch = scratch;
        this.options = spec.settings();
        this.workload = workload;
        long seed =
                (options.seed() == null ? 0 : options.seed()) + workload.name().hashCode();
        this.layout = new LayoutPadding(spec.variants(), System.getenv(), options.randomizeLayout(), seed);
    }

    /** The sentence on layout padding the study reports where variants are compared. */
    String layoutNote() {
        return layout.note(options.noAslr());
    }

    /**
     * The build a run uses: builds take turns by round (blocked order: by run), so each gets the same share of
     * runs.
     */
    Integer buildOf(Variant variant, int round, int runsSoFar) {
        return options.levels().buildOf(variant, options.order() == RunOrder.BLOCKED ? runsSoFar : round);
    }

    /** The workload's prepare command for this variant and build ({build_dir} resolved), empty for none. */
    List<String> prepare(Variant variant, Integer build) {
        return workload.prepare().isEmpty()
                ? List.of()
                : resolve(VariantBuilds.resolve(workload.prepare(), variant, build));
    }

    /** The words with {@code {scratch}} as the study's scratch directory ({@link Scratch}). */
    List<String> resolve(List<String> words) {
        return Scratch.resolve(words, scratch);
    }

    /** A measured run: the whole process tree, and the output kept where metrics are parsed from it. */
    ExecRequest measured(Variant variant, Integer build, int round) {
        return request(variant, build, workload.metrics().isEmpty() ? 0 : CAPTURE_BYTES, round)
                .withTree();
    }

    /** A warm-up run: the measured run's request (its build, the tree, the output kept), outside any round. */
    ExecRequest warmUp(Variant variant, Integer build) {
        return measured(variant, build, -1);
    }

    private ExecRequest request(Variant variant, Integer build, int capture, int round) {
        return ExecRequest.builder(fullCommand(variant, build))
                .env(layout.env(variant, round))
                .timeout(options.timeout())
                .output(spec.output())
                .captureBytes(capture)
                .cpus(options.cpus())
                .nice(options.nice())
                .noAslr(options.noAslr())
                .counters(options.counters())
                .build();
    }

    /** What is measured: the variant's prefix (a wrapper the user wrote) in front of the command. */
    List<String> fullCommand(Variant variant, Integer build) {
        List<String> argv = new ArrayList<>(resolve(variant.prefix()));
        // {build_dir}: this build's; {scratch}: this study's
        List<String> command = resolve(VariantBuilds.resolve(workload.command(), variant, build));
        if (workload.shell()) {
            argv.addAll(List.of("/bin/sh", "-c", String.join(" ", command)));
        } else {
            argv.addAll(command);
        }
        return argv;
    }
}
