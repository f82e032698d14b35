package dev.overhead.cli;

import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.sysinfo.EnvVars;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A variant's own {@code API_KEY=secret123} is needed to resume the study, so the store keeps it;
 * reports are shared, so there it is masked (docs/reliability.md, case 21), by the rule the environment capture
 * already uses to leave secrets out ({@link EnvVars#isSecret}).
 */
final class Masking {
    private Masking() {}

    static final String MASK = "********";

    static Map<String, String> env(Map<String, String> env) {
        if (env.keySet().stream().noneMatch(EnvVars::isSecret)) {
            return env;
        }
        Map<String, String> out = new LinkedHashMap<>();
        env.forEach((k, v) -> out.put(k, EnvVars.isSecret(k) ? MASK : v));
        return out;
    }

    static Variant variant(Variant v) {
        Map<String, String> env = env(v.env());
        return env == v.env() ? v : new Variant(v.name(), env, v.prefix(), v.setup(), v.cleanup());
    }

    static StudyResult study(StudyResult s) {
        return new StudyResult(
                s.info(),
                s.environment(),
                s.workloads().stream()
                        .map(w -> new WorkloadResult(
                                w.workload(),
                                w.variants().stream()
                                        .map(v -> new VariantResult(variant(v.variant()), v.runs()))
                                        .toList(),
                                w.stop()))
                        .toList(),
                s.comparisons(),
                s.warnings(),
                s.summaries()); // the analysis's figures travel on: the reports render them
    }
}
