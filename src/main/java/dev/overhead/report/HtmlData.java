package dev.overhead.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.ComparisonRow;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the HTML page's charts draw, as the JSON inside its {@code <script type="application/json">}
 * block: values in base units with the display unit chosen here, so the page does no unit logic.
 */
final class HtmlData {
    private HtmlData() {}

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The data block's text, safe inside a script element: no {@code <}, {@code >} or {@code &} survive. */
    static String json(StudyResult study, RenderOptions options) {
        DefaultPrettyPrinter pretty = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        try {
            String text = JSON.writer(pretty).writeValueAsString(model(study, options));
            return escapeForScript(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the report's data block", e);
        }
    }

    /** JSON made inert inside HTML: {@code </script>}, {@code <!--} and line separators cannot end or bend the block. */
    static String escapeForScript(String json) {
        return json.replace("<", "\\u003c")
                .replace(">", "\\u003e")
                .replace("&", "\\u0026")
                .replace("\u2028", "\\u2028")
                .replace("\u2029", "\\u2029");
    }

    static Map<String, Object> model(StudyResult study, RenderOptions options) {
        StudyFacts facts = StudyFacts.of(study);
        Glyphs g = new Glyphs(false);
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("locale", options.locale().toLanguageTag());
        root.put("confidence", facts.confidence());
        root.put("threshold", facts.thresholdPct());
        root.put("primary", facts.primary());
        root.put("variants", study.variantNames());
        List<Object> workloads = new ArrayList<>();
        for (WorkloadResult w : study.workloads()) {
            workloads.add(workload(study, w, g));
        }
        root.put("workloads", workloads);
        Shown shown = new Shown(study, options, facts);
        Map<String, List<String>> shownMetrics = new LinkedHashMap<>();
        study.workloads().forEach(w -> shownMetrics.put(w.name(), shown.metrics(w)));
        List<Object> comparisons = new ArrayList<>();
        for (ComparisonRow r : study.comparisons()) {
            Comparison c = r.comparison();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("workload", r.workload());
            m.put("metric", r.metric());
            m.put("metricLabel", Labels.metric(r.metric()));
            m.put("baseline", r.baseline());
            m.put("candidate", r.candidate());
            m.put("change", finite(c.changePct()));
            m.put("low", finite(c.ciLowPct()));
            m.put("high", finite(c.ciHighPct()));
            m.put("verdict", c.verdict().word());
            m.put("runsNeeded", c.runsNeeded());
            m.put("chart", charted(r, shownMetrics));
            comparisons.add(m);
        }
        root.put("comparisons", comparisons);
        root.put("parameterGroups", groups(study));
        return root;
    }

    private static Map<String, Object> workload(StudyResult study, WorkloadResult w, Glyphs g) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", w.name());
        out.put("label", Labels.workload(w.workload()));
        out.put("parameters", w.workload().parameters());
        List<MetricSpec> specs = metrics(study, w);
        List<Object> metrics = new ArrayList<>();
        for (MetricSpec spec : specs) {
            // the display unit follows the first variant's median, as the analysis summarised it
            double reference = w.variants().isEmpty()
                    ? 0
                    : study.summary(w.name(), w.variants().getFirst().name(), spec.name())
                            .map(s -> s.summary().median())
                            .orElse(0.0);
            Scale scale = Scale.of(spec.unit(), reference, g);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", spec.name());
            m.put("label", Labels.metric(spec.name()));
            m.put("unit", scale.label());
            m.put("factor", scale.factor());
            m.put("better", spec.better().word());
            metrics.add(m);
        }
        out.put("metrics", metrics);
        List<Object> variants = new ArrayList<>();
        for (VariantResult v : w.variants()) {
            List<Object> runs = new ArrayList<>();
            for (Run r : v.runs()) {
                Map<String, Object> run = new LinkedHashMap<>();
                run.put("index", r.index());
                run.put("sequence", r.sequence());
                Map<String, Object> values = new LinkedHashMap<>();
                specs.forEach(s -> s.valueOf(r).ifPresent(x -> values.put(s.name(), finite(x))));
                run.put("values", values);
                runs.add(run);
            }
            variants.add(ordered("name", v.name(), "runs", runs));
        }
        out.put("variants", variants);
        return out;
    }

    /**
     * Whether the forest plot draws this comparison: a metric the tables show (the workload's primary,
     * then those with a decisive verdict, or {@code --metrics}), and not a count that is about zero on
     * both sides (major faults, blocks read, an I/O stall of a few microseconds), whose relative change
     * runs to the −99.9% edge of the axis and squeezes the real effects into a few pixels.
     * The overall rows follow the primary.
     */
    static boolean charted(ComparisonRow r, Map<String, List<String>> shownMetrics) {
        List<String> metrics = r.overall() ? null : shownMetrics.get(r.workload());
        boolean shown = metrics == null ? r.overall() : metrics.contains(r.metric());
        Comparison c = r.comparison();
        boolean nearZero = Math.abs(c.baselineValue()) < 1
                && Math.abs(c.candidateValue()) < 1
                && (r.unit() == null || r.unit().isEmpty() || r.unit().equals("blocks"));
        boolean noChange = !Double.isFinite(c.changePct());
        return shown && !nearZero && !noChange;
    }

    /** The metrics compared on this workload, in the order of the comparisons; all known ones if none. */
    static List<MetricSpec> metrics(StudyResult study, WorkloadResult w) {
        Set<String> names = new LinkedHashSet<>();
        study.comparisons().stream()
                .filter(r -> !r.overall() && r.workload().equals(w.name()))
                .forEach(r -> names.add(r.metric()));
        if (names.isEmpty()) {
            w.workload().metrics().forEach(m -> names.add(m.name()));
            Metrics.builtins().forEach(m -> names.add(m.name()));
        }
        return names.stream()
                .map(n -> Labels.spec(w, n))
                .flatMap(java.util.Optional::stream)
                .toList();
    }

    /**
     * Instances of a swept workload: those with the same parameter names and the same name up to the
     * first space, bracket or parenthesis (how an instance's name may show its values).
     */
    private static List<Object> groups(StudyResult study) {
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        Map<String, List<String>> keys = new LinkedHashMap<>();
        for (int i = 0; i < study.workloads().size(); i++) {
            var w = study.workloads().get(i).workload();
            if (w.parameters().isEmpty()) {
                continue;
            }
            String base = w.name().split("[ \\[(]", 2)[0];
            String key = base + "\u0000" + String.join("\u0000", w.parameters().keySet());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
            keys.putIfAbsent(key, List.copyOf(w.parameters().keySet()));
        }
        List<Object> out = new ArrayList<>();
        groups.forEach((key, members) ->
                out.add(ordered("name", key.split("\u0000", 2)[0], "parameters", keys.get(key), "workloads", members)));
        return out;
    }

    /** A map that keeps the order its keys are given in, so the JSON is the same on every run. */
    private static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
