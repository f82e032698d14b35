package dev.overhead.plan;

import dev.overhead.model.MetricSpec;
import java.util.List;
import java.util.Map;

/**
 * A workload profile (docs/workloads.md): a known program with its command template, parameter defaults,
 * the metrics parsed from its output and the one it is judged on, and the Debian package that
 * provides it. Shipped in the jar under {@code dev/overhead/profiles/}; a user's own folder adds or
 * overrides ({@link Profiles}).
 *
 * @param program     the program the command runs (checked on {@code PATH})
 * @param packageName the Debian package that provides it
 * @param command     the command template, {@code {name}} standing for a parameter
 * @param defaults    each parameter's default value
 * @param primary     the metric the workload is judged and stopped on (built-in or parsed)
 * @param source      where the profile was read from, for messages
 */
public record Profile(
        String name,
        String description,
        String program,
        String packageName,
        List<String> command,
        Map<String, String> defaults,
        List<MetricSpec> metrics,
        String primary,
        String source) {

    public Profile {
        command = List.copyOf(command);
        defaults = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(defaults));
        metrics = List.copyOf(metrics);
    }

    /** What to type to get the program: {@code apt-get install rt-tests}. */
    public String installCommand() {
        return "apt-get install " + packageName;
    }
}
