package dev.overhead.cli;

import dev.overhead.bisect.Builds;
import dev.overhead.bisect.Git;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Workload;
import dev.overhead.stats.Comparison;
import dev.overhead.study.BisectSteps;
import dev.overhead.study.Interrupts;
import dev.overhead.study.UserError;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code overhead bisect step}: one step for {@code git bisect run}, which has checked out the commit
 * to test. Exits 0 (good), 1 (bad) or 125 (skip: inconclusive after the budget, or a failed build);
 * anything else it cannot do exits {@value #ABORT}, which makes {@code git bisect run} stop rather
 * than take a wrong command line for a bad commit.
 */
@Command(
        name = "step",
        sortOptions = false,
        usageHelpAutoWidth = true,
        mixinStandardHelpOptions = true,
        description = {
            "One bisection step for 'git bisect run': measure the checked-out commit against a good build.",
            "Exit 0 good (equivalent or better), 1 bad (worse), 125 skip (inconclusive after",
            "--max-runs), 128 cannot run.",
            "  git bisect run overhead bisect step --good-build /tmp/good --build make -- '{build_dir}/prog'"
        })
final class BisectStepCommand implements Callable<Integer> {
    static final int GOOD = 0;
    static final int BAD = 1;
    static final int SKIP = 125;
    static final int ABORT = 128;

    @Option(
            names = "--good-build",
            paramLabel = "DIR",
            required = true,
            description = "The good revision, built: {build_dir} for the baseline.")
    Path goodBuild;

    @Mixin
    BisectOptions options;

    @Mixin
    StoreOption storeOption;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try {
            return step();
        } catch (UserError e) {
            throw new UserError(ABORT, e.getMessage(), e);
        } catch (Git.GitException e) {
            throw new UserError(ABORT, e.getMessage(), e);
        }
    }

    private int step() {
        Workload workload = options.workload();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isDirectory(goodBuild)) {
            throw UserError.usage("--good-build " + goodBuild + " is no directory: build the good revision there"
                    + " first (git worktree add DIR GOOD, then build in DIR)");
        }
        Path good = goodBuild.toAbsolutePath().normalize();
        Path here = Path.of("").toAbsolutePath();
        Git git = new Git(here);
        Path top;
        String hash;
        try {
            top = git.topLevel();
            hash = new Git(top).commit("HEAD");
        } catch (Git.GitException e) {
            if (options.build != null) {
                throw e; // a build needs a commit to export
            }
            top = here;
            hash = null;
        }
        String name = hash == null ? top.getFileName().toString() : hash.substring(0, 7);
        StudySettings settings = options.settings("good");
        Interrupts.arm();
        try (Builds builds = Builds.create()) {
            Path tested = top;
            if (options.build != null) {
                if (!Interrupts.handOver(builds::cancel)) {
                    return Interrupts.exitCode(); // a signal came already: start no build nothing would end
                }
                tested = builds.checkout(new Git(top), "test", hash);
                Builds.Built built = builds.build(tested, options.build);
                if (Interrupts.exitCode() != 0) {
                    return Interrupts.exitCode();
                }
                if (!built.ok()) {
                    out.println("skip: the build of " + name + " " + built.message());
                    return SKIP;
                }
            }
            try (BisectSteps steps = new BisectSteps(err, storeOption.access(), options.running.fakeExec, false)) {
                BisectSteps.Measured m = steps.measure(
                        "bisect step: " + name,
                        workload,
                        BisectSteps.variant("good", good),
                        BisectSteps.variant("test-" + name, tested),
                        settings,
                        true);
                if (m.interrupted()) {
                    int code = Interrupts.exitCode();
                    return code != 0 ? code : 130;
                }
                return verdict(out, name, m);
            }
        } finally {
            Interrupts.reset();
        }
    }

    private static int verdict(PrintWriter out, String name, BisectSteps.Measured m) {
        Comparison c = m.comparison();
        String study = m.study() == null ? "" : " (study " + m.study().info().id() + ")";
        if (c == null) {
            out.println("skip: nothing could be compared at " + name + study);
            return SKIP;
        }
        String figures = String.format(
                Locale.ROOT,
                "%s %+.1f%% [%+.1f, %+.1f], %s after %d runs per build",
                m.study().info().settings().primary(),
                c.changePct(),
                c.ciLowPct(),
                c.ciHighPct(),
                c.verdict().word(),
                Math.min(c.nBaseline(), c.nCandidate()));
        return switch (c.verdict()) {
            case WORSE -> {
                out.println("bad: " + name + " " + figures + study);
                yield BAD;
            }
            case EQUIVALENT, BETTER -> {
                out.println("good: " + name + " " + figures + study);
                yield GOOD;
            }
            case INCONCLUSIVE -> {
                out.println("skip: " + name + " " + figures
                        + (c.runsNeeded() == null
                                ? ""
                                : "; about " + c.runsNeeded() + " runs per build would settle it")
                        + study);
                yield SKIP;
            }
        };
    }
}
