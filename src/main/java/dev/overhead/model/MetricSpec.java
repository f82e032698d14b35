package dev.overhead.model;

import dev.overhead.stats.Direction;
import dev.overhead.stats.Quantity;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A metric: one of the built-in figures of every run, or one parsed from the command's output.
 *
 * @param regex for parsed metrics, the pattern whose first group is the value; null for built-ins
 * @param count a parsed metric the plan declares a count of events ({@code kind: count}), compared
 *              by the ratio of its means like the built-in counts
 */
public record MetricSpec(String name, Direction better, String unit, String regex, boolean count) {

    public MetricSpec(String name, Direction better, String unit, String regex) {
        this(name, better, unit, regex, false);
    }

    public boolean parsed() {
        return regex != null;
    }

    public Pattern pattern() {
        return regex == null ? null : Pattern.compile(regex, Pattern.MULTILINE);
    }

    /**
     * What the statistics compare: the direction, and whether this is a count of events (the
     * built-in faults, context switches and blocks, or a parsed metric declared so), decided by the
     * metric, never by its values.
     */
    public Quantity quantity() {
        boolean builtinCount =
                !parsed() && Metrics.builtin(name).map(Metrics.Builtin::count).orElse(false);
        return count || builtinCount ? Quantity.count(better) : Quantity.measurement(better);
    }

    /** The value of this metric in one run, or empty where the run has none. */
    public Optional<Double> valueOf(Run run) {
        if (parsed()) {
            return Optional.ofNullable(run.metrics().get(name));
        }
        return Metrics.builtin(name).flatMap(b -> b.valueOf(run));
    }
}
