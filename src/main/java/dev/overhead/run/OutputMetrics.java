package dev.overhead.run;

import dev.overhead.model.MetricSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/** Figures parsed from a command's output: the first capture group of each metric's pattern. */
final class OutputMetrics {
    private OutputMetrics() {}

    /** Values by metric name; a metric whose pattern does not match, or is no number, is absent. */
    static Map<String, Double> parse(List<MetricSpec> metrics, String stdout, String stderr) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (MetricSpec metric : metrics) {
            for (String text : new String[] {stdout, stderr}) {
                Matcher m = metric.pattern().matcher(text == null ? "" : text);
                if (m.find() && m.groupCount() >= 1 && m.group(1) != null) {
                    try {
                        values.put(metric.name(), Double.parseDouble(m.group(1).replace(",", "")));
                        break;
                    } catch (NumberFormatException e) {
                        // not a number here; try the other stream
                    }
                }
            }
        }
        return values;
    }
}
