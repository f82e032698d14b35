package dev.overhead.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overhead.model.ComparisonRow;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettingsCodec;
import dev.overhead.model.VariantResult;
import dev.overhead.model.VariantSummary;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Summary;
import java.util.List;

/** The JSON of docs/cli.md ({@code "schema": "overhead/1"}). Numbers that are not finite become null. */
public final class JsonRenderer {
    public static final String SCHEMA = "overhead/1";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonRenderer() {}

    public static String render(StudyResult study) {
        return render(study, dev.overhead.model.ToolVersion.current());
    }

    public static String render(StudyResult study, String toolVersion) {
        return render(study, toolVersion, RenderOptions.DEFAULT);
    }

    /** With the metrics {@code options} shows ({@code --metrics}), which decide the summary's other rows. */
    public static String render(StudyResult study, RenderOptions options) {
        return render(study, dev.overhead.model.ToolVersion.current(), options);
    }

    static String render(StudyResult study, String toolVersion, RenderOptions options) {
        ObjectNode root = root(toolVersion);
        ObjectNode info = root.putObject("study");
        info.put("id", study.info().id());
        info.put("label", study.info().label());
        info.put(
                "created",
                study.info().created() == null ? null : study.info().created().toString());
        info.set(
                "options",
                MAPPER.valueToTree(StudySettingsCodec.write(study.info().settings())));
        root.set("environment", MAPPER.valueToTree(study.environment()));
        ArrayNode workloads = root.putArray("workloads");
        study.workloads().forEach(w -> workloads.add(workload(study, w)));
        ArrayNode comparisons = root.putArray("comparisons");
        study.comparisons().forEach(c -> comparisons.add(comparison(c)));
        root.set("summary", summary(study, options));
        ArrayNode warnings = root.putArray("warnings");
        study.warnings().forEach(warnings::add);
        return write(root, "a study");
    }

    /** The start of every {@code overhead/1} document: the schema and the tool that wrote it. */
    static ObjectNode root(String toolVersion) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        ObjectNode tool = root.putObject("tool");
        tool.put("name", "overhead");
        tool.put("version", toolVersion);
        return root;
    }

    /** The document as indented text with a final newline; {@code what} names it should Jackson fail. */
    static String write(ObjectNode root, String what) {
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(what + " could not be written as JSON", e);
        }
    }

    private static ObjectNode workload(StudyResult study, WorkloadResult w) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("name", w.name());
        strings(node.putArray("command"), w.workload().command());
        node.put("shell", w.workload().shell());
        node.set("parameters", MAPPER.valueToTree(w.workload().parameters()));
        strings(node.putArray("prepare"), w.workload().prepare());
        ArrayNode metrics = node.putArray("metrics");
        for (MetricSpec m : w.workload().metrics()) {
            ObjectNode spec = metrics.addObject();
            spec.put("name", m.name());
            spec.put("better", m.better().word());
            spec.put("unit", m.unit());
            spec.put("regex", m.regex());
            if (m.count()) {
                spec.put("kind", "count");
            }
        }
        if (w.stop() != null) { // why its runs ended: settled, max_runs, time_budget, interrupted, runs
            ObjectNode stopped = node.putObject("stopped");
            stopped.put("reason", w.stop().reason().word());
            stopped.put("runs", w.stop().runs());
        }
        ArrayNode variants = node.putArray("variants");
        w.variants()
                .forEach(v -> variants.add(variant(
                        v,
                        study.summaries().stream()
                                .filter(s -> s.workload().equals(w.name())
                                        && s.variant().equals(v.name()))
                                .toList())));
        return node;
    }

    /**
     * Per variant and metric, as the analysis summarised them (stats.Summary): n, mean, sd, cv,
     * median, min, max, the t interval of the mean, the order-statistic interval of the median,
     * outliers (run indices) and warnings.
     */
    private static ObjectNode summaries(List<VariantSummary> summaries) {
        ObjectNode out = MAPPER.createObjectNode();
        for (VariantSummary vs : summaries) {
            Summary s = vs.summary();
            ObjectNode node = out.putObject(vs.metric());
            node.put("n", s.n());
            number(node, "mean", s.mean());
            number(node, "sd", s.sd());
            number(node, "cv", s.cv());
            number(node, "median", s.median());
            number(node, "min", s.min());
            number(node, "max", s.max());
            ArrayNode meanCi = node.putArray("mean_ci");
            number(meanCi, s.meanLow());
            number(meanCi, s.meanHigh());
            ArrayNode medianCi = node.putArray("median_ci");
            number(medianCi, s.medianLow());
            number(medianCi, s.medianHigh());
            ArrayNode outliers = node.putArray("outliers");
            s.outliers().forEach(outliers::add);
            ArrayNode warnings = node.putArray("warnings");
            s.warnings().forEach(warnings::add);
        }
        return out;
    }

    private static void number(ArrayNode array, double value) {
        if (Double.isFinite(value)) {
            array.add(value);
        } else {
            array.addNull();
        }
    }

    private static ObjectNode variant(VariantResult v, List<VariantSummary> summaries) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("name", v.name());
        node.set("env", MAPPER.valueToTree(v.variant().env()));
        strings(node.putArray("prefix"), v.variant().prefix());
        strings(node.putArray("setup"), v.variant().setup());
        strings(node.putArray("cleanup"), v.variant().cleanup());
        ArrayNode runs = node.putArray("runs");
        v.runs().forEach(r -> runs.add(run(r)));
        node.set("summary", summaries(summaries));
        return node;
    }

    private static ObjectNode run(Run r) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("index", r.index());
        node.put("sequence", r.sequence());
        node.put("round", r.round());
        if (r.build() != null) { // only in studies with build or boot levels (docs/cli.md, levels)
            node.put("build", r.build());
        }
        if (r.boot() != null) {
            node.put("boot", r.boot());
        }
        node.put("started", r.started() == null ? null : r.started().toString());
        node.put("exit_code", r.exitCode());
        if (r.signal() != null) {
            node.put("signal", r.signal());
        }
        node.put("timed_out", r.timedOut());
        number(node, "wall_s", r.wallS());
        number(node, "user_s", r.userS());
        number(node, "sys_s", r.sysS());
        node.put("max_rss_kib", r.maxRssKib());
        node.put("max_rss_exact", r.maxRssExact());
        node.put("minor_faults", r.minorFaults());
        node.put("major_faults", r.majorFaults());
        node.put("voluntary_cs", r.voluntaryCs());
        node.put("involuntary_cs", r.involuntaryCs());
        node.put("fs_in_blocks", r.fsInBlocks());
        node.put("fs_out_blocks", r.fsOutBlocks());
        ObjectNode metrics = node.putObject("metrics");
        new java.util.TreeMap<>(r.metrics()).forEach((k, v) -> number(metrics, k, v));
        return node;
    }

    /**
     * The text report's summary, row by row (docs/cli.md): each with the verdict as the summary shows
     * it, after the family's correction (verdicts.SummaryFamily); the overall rows say {@code overall}.
     */
    private static ArrayNode summary(StudyResult study, RenderOptions options) {
        ArrayNode out = MAPPER.createArrayNode();
        StudyFacts facts = StudyFacts.of(study);
        Shown shown = new Shown(study, options, facts);
        for (dev.overhead.verdicts.SummaryFamily.Row r : shown.summary(Digest.candidates(study), facts.confidence())) {
            ObjectNode node = out.addObject();
            node.put("workload", r.row().workload());
            if (r.row().overall()) {
                node.put("overall", true);
            }
            node.put("candidate", r.row().candidate());
            node.put("metric", r.row().metric());
            Comparison c = r.row().comparison();
            number(node, "change_pct", c.changePct());
            number(node, "ci_low_pct", c.ciLowPct());
            number(node, "ci_high_pct", c.ciHighPct());
            node.put("verdict", r.verdict().word());
        }
        return out;
    }

    /** One comparison as the study's JSON writes it; a submission's JSON writes each machine's so. */
    static ObjectNode comparison(ComparisonRow row) {
        Comparison c = row.comparison();
        ObjectNode node = MAPPER.createObjectNode();
        node.put("workload", row.workload());
        if (row.overall()) {
            node.put("overall", true); // the row over all workloads, whatever the workload is called
        }
        node.put("metric", row.metric());
        node.put("better", c.better().word());
        node.put("unit", row.unit());
        node.put("baseline", row.baseline());
        node.put("candidate", row.candidate());
        node.put("n_baseline", c.nBaseline());
        node.put("n_candidate", c.nCandidate());
        number(node, "baseline_value", c.baselineValue());
        number(node, "candidate_value", c.candidateValue());
        number(node, "change_pct", c.changePct());
        number(node, "ci_low_pct", c.ciLowPct());
        number(node, "ci_high_pct", c.ciHighPct());
        number(node, "p_value", c.pValue());
        node.put("method", c.method());
        node.put("verdict", c.verdict().word());
        node.put("design", c.designName());
        if (c.design() == null && c.runsNeeded() != null) {
            node.put("runs_needed", c.runsNeeded());
        } else {
            node.putNull("runs_needed"); // with builds or boots, what would settle it is counted in units
        }
        if (c.design() != null) {
            node.set("units", MAPPER.valueToTree(c.design().units()));
            if (c.runsNeeded() != null) {
                node.put("units_needed", c.runsNeeded());
            }
            number(node, "variance_between_share", c.design().betweenShare());
        }
        if (c.difference() != null) { // the relative change is undefined (a baseline of 0): the absolute one
            number(node, "difference", c.difference().estimate());
            number(node, "difference_low", c.difference().low());
            number(node, "difference_high", c.difference().high());
        }
        ArrayNode warnings = node.putArray("warnings");
        c.warnings().forEach(warnings::add);
        return node;
    }

    static void number(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) {
            node.put(field, value);
        } else {
            node.putNull(field);
        }
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }
}
