package dev.overhead.model;

import dev.overhead.stats.Direction;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A metric: one of the built-in figures of every run, or one parsed from the command's output.
 *
 * @param regex for parsed metrics, the pattern whose first group is the value; null for built-ins
 */
public record MetricSpec(String name, Direction better, String unit, String regex) {

    public boolean parsed() {
        return regex != null;
    }

    public Pattern pattern() {
        return regex == null ? null : Pattern.compile(regex, Pattern.MULTILINE);
    }

    /** The value of this metric in one run, or empty where the run has none. */
    public Optional<Double> valueOf(Run run) {
        if (parsed()) {
            return Optional.ofNullable(run.metrics().get(name));
        }
        return Metrics.builtin(name).map(b -> b.extract(run));
    }
}
