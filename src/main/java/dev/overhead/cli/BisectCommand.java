package dev.overhead.cli;

import dev.overhead.bisect.Bisector;
import dev.overhead.bisect.Builds;
import dev.overhead.bisect.Git;
import dev.overhead.model.BisectResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Workload;
import dev.overhead.study.BisectSteps;
import dev.overhead.study.Interrupts;
import dev.overhead.study.UserError;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code overhead bisect}: the first commit whose cost is {@code worse}, each step measured against the good build. */
@Command(
        name = "bisect",
        sortOptions = false,
        usageHelpAutoWidth = true,
        mixinStandardHelpOptions = true,
        subcommands = BisectStepCommand.class,
        description = {
            "Find the first commit whose cost is worse: each step builds a commit and measures it against",
            "the good revision's build, interleaved, with sequential stopping. The bad revision must come out",
            "worse; every other commit is like bad where its interval lies above the midpoint between the",
            "two ends, like good where below, and skipped where it still holds the midpoint after",
            "--max-runs runs per build. The options are run's, each build being a variant.",
            "  overhead bisect --good v1.0 --bad HEAD --build make --threshold 2%% -- '{build_dir}/prog' input",
            "  git bisect run overhead bisect step --good-build /tmp/good -- '{build_dir}/prog'"
        })
final class BisectCommand implements Callable<Integer> {
    // checked in call(), not by picocli: 'bisect step' has neither, and picocli would ask the parent's
    @Option(names = "--good", paramLabel = "REV", description = "A revision without the cost (required).")
    String good;

    @Option(names = "--bad", paramLabel = "REV", description = "A later revision with the cost (required).")
    String bad;

    @Mixin
    BisectOptions options;

    @Mixin
    StoreOption storeOption;

    @Mixin
    BisectOutputs outputs;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (good == null || bad == null) {
            throw UserError.usage("bisect needs both ends: --good REV (without the cost) and --bad REV (with it)");
        }
        Workload workload = options.workload();
        StudySettings settings = options.settings(null);
        outputs.check(storeOption);
        java.io.PrintWriter err = spec.commandLine().getErr();
        Git git = new Git(Path.of("").toAbsolutePath());
        BisectResult result;
        Interrupts.arm();
        try {
            Git repo = new Git(git.topLevel());
            String goodHash = repo.commit(good);
            String badHash = repo.commit(bad);
            List<Git.Commit> commits = Bisector.range(repo, goodHash, badHash);
            Bisector.Request request = new Bisector.Request(
                    good,
                    bad,
                    options.build,
                    workload.name(),
                    settings.primary(),
                    settings.compare().thresholdPct(),
                    settings.compare().confidence(),
                    settings.plannedMax());
            try (Builds builds = Builds.create();
                    BisectSteps steps = new BisectSteps(err, storeOption.access(), options.running.fakeExec, true)) {
                Bisector.Steps measuring = new Bisector.Steps() {
                    @Override
                    public Bisector.Measurement measure(
                            String label,
                            String goodName,
                            Path goodDir,
                            String testName,
                            Path testDir,
                            boolean first,
                            Double threshold) {
                        StudySettings s = settings.toBuilder()
                                .baseline(goodName)
                                .compare(
                                        threshold == null
                                                ? settings.compare()
                                                : new dev.overhead.stats.CompareOptions(
                                                        settings.compare().confidence(),
                                                        threshold,
                                                        settings.compare().estimand()))
                                .build();
                        BisectSteps.Measured m = steps.measure(
                                label,
                                workload,
                                BisectSteps.variant(goodName, goodDir),
                                BisectSteps.variant(testName, testDir),
                                s,
                                first,
                                threshold);
                        return new Bisector.Measurement(
                                m.study() == null ? null : m.study().info().id(),
                                m.comparison(),
                                m.interrupted(),
                                m.failure(),
                                m.reused());
                    }

                    @Override
                    public boolean handOver(Runnable cancel) {
                        return Interrupts.handOver(cancel);
                    }

                    @Override
                    public boolean interrupted() {
                        return Interrupts.exitCode() != 0;
                    }
                };
                result = new Bisector(repo, builds, measuring, err).run(request, goodHash, badHash, commits);
            }
        } catch (Git.GitException e) {
            throw new UserError(1, e.getMessage(), e);
        } finally {
            Interrupts.reset();
        }
        outputs.write(spec.commandLine().getOut(), result);
        if (result.end() instanceof BisectResult.Interrupted) {
            int code = Interrupts.exitCode();
            err.println("overhead bisect: interrupted; the runs of "
                    + result.steps().size()
                    + " finished steps and of the step in flight are kept in the store, and the same command"
                    + " continues where this one stopped");
            return code != 0 ? code : 130;
        }
        return 0;
    }
}
