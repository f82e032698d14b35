package dev.overhead.cli;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.Workload;
import dev.overhead.run.StudySpec;
import dev.overhead.study.UserError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every option of {@code overhead run} checked before anything runs, is built or is stored
 * (docs/reliability.md, issue 33 cases 1 and 4-6): a word that is not known, two options that
 * contradict each other, or an output that would overwrite the store, the plan or an input is a
 * usage error (exit 2) with one sentence, and no study is made.
 */
final class RunChecks {
    private RunChecks() {}

    /** What can be checked from the command line alone, before the plan is read. */
    static void beforePlan(RunCommand c, List<String> originalArgs) {
        if (c.plan != null && (!c.commands.isEmpty() || !c.variantSpecs.isEmpty() || !c.workloadSpecs.isEmpty())) {
            throw UserError.usage("--plan describes the whole study: give no commands, -V or --workload with it");
        }
        Outputs.format(c.outputs.format);
        c.verdict.checkAdjust();
        if (c.runs != null) {
            if (c.runs < 1) {
                throw UserError.usage("--runs must be 1 or more (got " + c.runs + ").");
            }
            Integer min = c.running.minRuns;
            Integer max = c.running.maxRuns;
            if ((min != null && c.runs < min) || (max != null && c.runs > max)) {
                throw UserError.usage("--runs " + c.runs + " contradicts "
                        + (min != null && c.runs < min ? "--min-runs " + min : "--max-runs " + max)
                        + ": --runs fixes the number of runs, give it alone or within the bounds.");
            }
        }
        if (!c.variantSpecs.isEmpty()) {
            int marker = originalArgs.indexOf("--");
            if (marker >= 0) {
                int after = originalArgs.size() - marker - 1;
                if (c.commands.size() > after) {
                    List<String> stray = c.commands.subList(0, c.commands.size() - after);
                    throw UserError.usage("with -V the command comes after --, but '" + String.join(" ", stray)
                            + "' stands before it: quote a -V spec that has spaces ('-V \"a: "
                            + String.join(" ", stray) + "\"'), or move the words after --.");
                }
            }
        }
        if (c.running.timeout != null) {
            c.running.timeout();
        }
    }

    /** What needs the study's workloads: the names --metrics gives, --install-boot-unit, the files written. */
    static void beforeRunning(RunCommand c, StudySpec spec) {
        Set<String> known = new LinkedHashSet<>();
        Metrics.builtins().forEach(m -> known.add(m.name()));
        known.addAll(Metrics.RESERVED);
        for (Workload w : spec.workloads()) {
            for (MetricSpec m : w.metrics()) {
                known.add(m.name());
            }
        }
        for (String m : c.outputs.metrics) {
            if (!m.equals("all") && !known.contains(m)) {
                throw UserError.usage("--metrics " + m + " names no metric this study can measure: use all, a"
                        + " built-in metric (wall, cpu, max_rss, ...) or one given with --metric.");
            }
        }
        if (c.installBootUnit != null && !dev.overhead.run.BootSchedule.applies(spec.settings())) {
            throw UserError.usage("--install-boot-unit is for boot studies (a plan with levels: {boot: N}), and this"
                    + " study has no boots: leave it out.");
        }
        List<Path> inputs = new ArrayList<>();
        if (c.plan != null) {
            inputs.add(c.plan);
        }
        List<OutputGuard.Named> also = new ArrayList<>();
        if (spec.output() instanceof dev.overhead.exec.OutputPolicy.ToFile f) {
            also.add(new OutputGuard.Named("--output", f.file()));
        }
        OutputGuard.check(c.outputs, c.storeOption.file(), inputs, also);
        for (Path export : OutputGuard.exports(c.outputs)) { // found after the runs, the export was lost
            Path parent = export.toAbsolutePath().getParent();
            if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
                throw UserError.usage("cannot write " + export + ": the directory " + parent
                        + " does not exist; make it first, or export elsewhere.");
            }
        }
    }
}
