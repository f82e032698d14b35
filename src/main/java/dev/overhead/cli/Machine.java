package dev.overhead.cli;

import dev.overhead.analysis.Analyzer;
import dev.overhead.model.StudyResult;
import dev.overhead.run.MachineHooks;
import dev.overhead.run.RunOptions;
import dev.overhead.run.StudySpec;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Looks;
import dev.overhead.stats.SequentialPlan;
import dev.overhead.sysinfo.ControlException;
import dev.overhead.sysinfo.Controls;
import dev.overhead.sysinfo.EnvironmentDiff;
import dev.overhead.sysinfo.EnvironmentProbe;
import dev.overhead.sysinfo.LoadMonitor;
import dev.overhead.sysinfo.NoiseCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Wires the machine (sysinfo) and the statistics (stats) into a study run from the command line. */
final class Machine {
    private Machine() {}

    /** The environment stored with a study; the fake executor's studies record none, so tests are exact. */
    static Map<String, Object> environment(StudySpec spec, boolean fake) {
        if (fake) {
            return Map.of("executor", "fake");
        }
        Set<String> variantVars =
                spec.variants().stream().flatMap(v -> v.env().keySet().stream()).collect(Collectors.toSet());
        return EnvironmentProbe.live().probe(variantVars);
    }

    /**
     * Drops caches before each run when asked, samples the machine's load after each, and says
     * what made the machine noisy: at the start (from the environment) and during the study.
     */
    static MachineHooks hooks(RunOptions options, Map<String, Object> environment, boolean fake) {
        if (fake) {
            return MachineHooks.NONE;
        }
        if (options.dropCaches()) {
            try {
                Controls.dropCaches();
            } catch (ControlException e) {
                throw new UserError(1, e.getMessage(), e);
            }
        }
        LoadMonitor monitor = LoadMonitor.start(options.cpus());
        return new MachineHooks() {
            @Override
            public void beforeRun() {
                if (options.dropCaches()) {
                    try {
                        Controls.dropCaches();
                    } catch (ControlException e) {
                        throw new dev.overhead.run.RunFailure(e.getMessage(), e);
                    }
                }
            }

            @Override
            public void afterRun() {
                monitor.sample();
            }

            @Override
            public List<String> warnings() {
                List<String> all = new ArrayList<>(NoiseCheck.warnings(environment));
                all.addAll(monitor.warnings());
                return all;
            }
        };
    }

    /** The sequential plan a stored study stopped adaptively under, or null for a fixed number of runs. */
    static SequentialPlan planOf(StudyResult study) {
        Map<String, Object> o = study.info().options();
        if (!o.containsKey("runs")
                && o.get("min_runs") instanceof Number min
                && o.get("max_runs") instanceof Number max) {
            return new SequentialPlan(min.intValue(), max.intValue());
        }
        return null;
    }

    /** The method a stored or imported study is judged with: sequential if it stopped adaptively. */
    static Analyzer.Method methodFor(StudyResult study) {
        SequentialPlan plan = planOf(study);
        return Analyzer.Method.of(plan != null ? plan : Looks.FIXED);
    }

    /** A stored study judged again, every row (the overall geometric mean too) as it was run. */
    static StudyResult analyse(StudyResult study, String baseline, CompareOptions options) {
        return Analyzer.analyse(study, baseline, options, methodFor(study), Analyzer.perLook(options, planOf(study)));
    }

    /** What differs between the machines of two studies (the cross-boot case), as sentences. */
    static List<String> environmentDifferences(StudyResult a, StudyResult b) {
        List<String> out = new ArrayList<>();
        for (EnvironmentDiff.Difference d : EnvironmentDiff.diff(a.environment(), b.environment())) {
            out.add("the machines differ in " + d.path() + ": " + d.a() + " (" + name(a) + ") vs " + d.b() + " ("
                    + name(b) + ")");
        }
        return out;
    }

    private static String name(StudyResult s) {
        return s.info().label() != null ? s.info().label() : s.info().id();
    }
}
