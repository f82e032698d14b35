package dev.overhead.interop;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.ComparisonRow;
import dev.overhead.model.Levels;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettingsCodec;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reads overhead's own JSON ({@code "schema": "overhead/1"}) back into a {@link StudyResult}. */
public final class OverheadJsonReader {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private OverheadJsonReader() {}

    public static boolean looksLikeOverheadJson(String text) {
        return text.contains("\"overhead/1\"");
    }

    public static StudyResult read(String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "not valid JSON at line " + e.getLocation().getLineNr() + ": " + e.getOriginalMessage(), e);
        }
        if (root == null || !"overhead/1".equals(root.path("schema").asText())) {
            throw new IllegalArgumentException("not an overhead result (no \"schema\": \"overhead/1\")");
        }
        JsonNode study = root.path("study");
        StudyInfo info = new StudyInfo(
                study.path("id").asText(""),
                text(study.path("label")),
                instant(study.path("created")),
                StudySettingsCodec.read(map(study.path("options"))));
        List<WorkloadResult> workloads = new ArrayList<>();
        for (JsonNode w : root.path("workloads")) {
            workloads.add(workload(w));
        }
        List<ComparisonRow> comparisons = new ArrayList<>();
        for (JsonNode c : root.path("comparisons")) {
            comparisons.add(comparison(c, workloads));
        }
        List<String> warnings = new ArrayList<>();
        root.path("warnings").forEach(n -> warnings.add(n.asText()));
        // a study written before levels were settings keeps them in its variants' environments
        info = new StudyInfo(
                info.id(),
                info.label(),
                info.created(),
                Levels.upgraded(
                        info.settings(),
                        workloads.isEmpty()
                                ? List.of()
                                : workloads.getFirst().variants().stream()
                                        .map(v -> v.variant())
                                        .toList()));
        return new StudyResult(info, map(root.path("environment")), workloads, comparisons, warnings, List.of());
    }

    private static WorkloadResult workload(JsonNode w) {
        List<MetricSpec> metrics = new ArrayList<>();
        for (JsonNode m : w.path("metrics")) {
            metrics.add(new MetricSpec(
                    m.path("name").asText(),
                    Direction.parse(m.path("better").asText("lower")),
                    m.path("unit").asText(""),
                    text(m.path("regex")),
                    m.path("kind").asText("").equals("count")));
        }
        Workload workload = new Workload(
                w.path("name").asText(),
                strings(w.path("command")),
                w.path("shell").asBoolean(false),
                stringMap(w.path("parameters")),
                strings(w.path("prepare")),
                metrics);
        List<VariantResult> variants = new ArrayList<>();
        for (JsonNode v : w.path("variants")) {
            Variant variant = new Variant(
                    v.path("name").asText(),
                    stringMap(v.path("env")),
                    strings(v.path("prefix")),
                    strings(v.path("setup")),
                    strings(v.path("cleanup")));
            List<Run> runs = new ArrayList<>();
            for (JsonNode r : v.path("runs")) {
                runs.add(run(r));
            }
            variants.add(new VariantResult(variant, runs));
        }
        return new WorkloadResult(workload, variants);
    }

    /** A run's figure: a number where present, never a string or null read as 0 (docs/reliability.md, case 5). */
    private static double measured(JsonNode r, String field) {
        JsonNode n = r.path(field);
        if (n.isMissingNode()) {
            return 0;
        }
        if (!n.isNumber() || !Double.isFinite(n.asDouble())) {
            throw new FormatException("run " + r.path("index").asText("?") + " has " + field + " " + n
                    + ", not a finite number: the file is damaged; fix or remove that run.");
        }
        return n.asDouble();
    }

    private static Run run(JsonNode r) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        r.path("metrics").properties().forEach(e -> {
            if (e.getValue().isNumber()) {
                metrics.put(e.getKey(), e.getValue().asDouble());
            }
        });
        return new Run(
                r.path("index").asInt(),
                r.path("sequence").asInt(),
                r.path("round").asInt(),
                instant(r.path("started")),
                r.path("exit_code").asInt(),
                r.hasNonNull("signal") ? r.path("signal").asInt() : null,
                r.path("timed_out").asBoolean(false),
                measured(r, "wall_s"),
                measured(r, "user_s"),
                measured(r, "sys_s"),
                r.path("max_rss_kib").asLong(),
                r.path("max_rss_exact").asBoolean(true),
                r.path("minor_faults").asLong(),
                r.path("major_faults").asLong(),
                r.path("voluntary_cs").asLong(),
                r.path("involuntary_cs").asLong(),
                r.path("fs_in_blocks").asLong(),
                r.path("fs_out_blocks").asLong(),
                metrics,
                r.hasNonNull("build") ? r.path("build").asInt() : null,
                r.hasNonNull("boot") ? r.path("boot").asInt() : null);
    }

    /** The outer level of a comparison written with one (builds, boots); null for runs and rounds. */
    private static Comparison.Design design(JsonNode c) {
        if (!c.path("units").isObject()) {
            return null;
        }
        Map<String, Integer> units = new LinkedHashMap<>();
        c.path("units")
                .properties()
                .forEach(e -> units.put(e.getKey(), e.getValue().asInt()));
        return new Comparison.Design(c.path("design").asText(), units, number(c.path("variance_between_share")));
    }

    private static ComparisonRow comparison(JsonNode c, List<WorkloadResult> workloads) {
        List<String> warnings = new ArrayList<>();
        c.path("warnings").forEach(n -> warnings.add(n.asText()));
        Comparison comparison = new Comparison(
                Direction.parse(c.path("better").asText("lower")),
                c.path("n_baseline").asInt(),
                c.path("n_candidate").asInt(),
                number(c.path("baseline_value")),
                number(c.path("candidate_value")),
                number(c.path("change_pct")),
                number(c.path("ci_low_pct")),
                number(c.path("ci_high_pct")),
                number(c.path("p_value")),
                c.path("method").asText(""),
                Verdict.valueOf(c.path("verdict").asText("inconclusive").toUpperCase(Locale.ROOT)),
                c.hasNonNull("runs_needed")
                        ? Integer.valueOf(c.path("runs_needed").asInt())
                        : c.hasNonNull("units_needed") ? c.path("units_needed").asInt() : null,
                warnings,
                c.has("difference")
                        ? new Comparison.Difference(
                                number(c.path("difference")),
                                number(c.path("difference_low")),
                                number(c.path("difference_high")))
                        : null,
                design(c));
        // Files written before rows carried "overall" marked the overall row by its workload name only
        // (which a real workload may have: then it is that workload's row).
        String workload = c.path("workload").asText();
        boolean overall = c.has("overall")
                ? c.path("overall").asBoolean()
                : workload.equals(ComparisonRow.GEOMEAN)
                        && workloads.stream().noneMatch(w -> w.name().equals(workload));
        return new ComparisonRow(
                c.path("workload").asText(),
                c.path("metric").asText(),
                c.path("unit").asText(""),
                c.path("baseline").asText(),
                c.path("candidate").asText(),
                comparison,
                overall);
    }

    private static double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : Double.NaN;
    }

    private static String text(JsonNode n) {
        return n.isMissingNode() || n.isNull() ? null : n.asText();
    }

    private static Instant instant(JsonNode n) {
        return n.isTextual() ? Instant.parse(n.asText()) : null;
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.forEach(e -> out.add(e.asText()));
        return out;
    }

    private static Map<String, String> stringMap(JsonNode n) {
        Map<String, String> out = new LinkedHashMap<>();
        n.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    private static Map<String, Object> map(JsonNode n) {
        if (!n.isObject()) {
            return Map.of();
        }
        return MAPPER.convertValue(n, new TypeReference<LinkedHashMap<String, Object>>() {});
    }
}
