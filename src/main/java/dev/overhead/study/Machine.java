package dev.overhead.study;

import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.run.MachineHooks;
import dev.overhead.run.StudySpec;
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

/** Wires the machine (sysinfo) into a study run from the command line. */
public final class Machine {
    private Machine() {}

    /** The environment stored with a study; the fake executor's studies record none, so tests are exact. */
    public static Map<String, Object> environment(StudySpec spec, boolean fake) {
        Map<String, Object> env;
        if (fake) {
            env = Map.of("executor", "fake");
        } else {
            Set<String> variantVars = spec.variants().stream()
                    .flatMap(v -> v.env().keySet().stream())
                    .collect(Collectors.toSet());
            env = EnvironmentProbe.live().probe(variantVars);
        }
        // the team's tags (docs/team.md): an agent's machine and submission, --commit/--branch, else the work tree's
        // git
        Provenance told = Provenance.fromProperties();
        if (!fake && (told.commit() == null || told.branch() == null)) {
            told = told.orElse(GitRevision.of(java.nio.file.Path.of("").toAbsolutePath()));
        }
        return told.stamp(env);
    }

    /**
     * The environment, probed on a thread of its own from now on: its commands and its 100 ms sample of the busiest
     * processes overlap the opening of the store and the start of the forking helper (about 70 ms of a study's
     * start here, docs/performance.md, "A whole study"). The supplier waits for the probe and rethrows what it threw.
     */
    public static java.util.function.Supplier<Map<String, Object>> environmentSoon(StudySpec spec, boolean fake) {
        if (fake) {
            Map<String, Object> env = environment(spec, true);
            return () -> env;
        }
        java.util.concurrent.FutureTask<Map<String, Object>> probe =
                new java.util.concurrent.FutureTask<>(() -> environment(spec, false));
        Thread.ofPlatform().daemon().name("overhead-probe").start(probe);
        return () -> {
            try {
                return probe.get();
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error r) {
                    throw r;
                }
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                probe.cancel(true);
                throw new UserError(130, "interrupted while the machine was probed; nothing was measured", e);
            }
        };
    }

    /** Set by {@code overhead agent --machine NAME} for the studies it runs in its own JVM. */
    public static final String MACHINE_PROPERTY = Provenance.MACHINE_PROPERTY;

    /**
     * Drops caches before each run when asked, samples the machine's load after each, and says
     * what made the machine noisy: at the start (from the environment) and during the study.
     */
    public static MachineHooks hooks(StudySettings options, Map<String, Object> environment, boolean fake) {
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

    /** What differs between the machines of two studies (the cross-boot case), as sentences. */
    public static List<String> environmentDifferences(StudyResult a, StudyResult b) {
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
