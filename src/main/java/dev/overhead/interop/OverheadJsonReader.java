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
        return read(json, "the file");
    }

    /**
     * @param source the file's name, for refusals: every field is read with its type checked (docs/reliability.md,
     *               third battery, case 12) and a refusal names the file, the line and the field
     */
    public static StudyResult read(String json, String source) {
        JsonFields f = new JsonFields(json, source);
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
        JsonNode study = f.object(root.path("study"), "study");
        f.object(study.path("options"), "study.options");
        StudyInfo info = new StudyInfo(
                f.string(study, "id", "study", ""),
                f.string(study, "label", "study", null),
                f.instant(study, "created", "study"),
                StudySettingsCodec.read(map(study.path("options"))));
        List<WorkloadResult> workloads = new ArrayList<>();
        JsonNode ws = f.array(root, "workloads", "");
        for (int i = 0; i < ws.size(); i++) {
            workloads.add(workload(ws.get(i), JsonFields.index("workloads", i), f));
        }
        List<ComparisonRow> comparisons = new ArrayList<>();
        JsonNode cs = f.array(root, "comparisons", "");
        for (int i = 0; i < cs.size(); i++) {
            comparisons.add(comparison(cs.get(i), workloads, JsonFields.index("comparisons", i), f));
        }
        List<String> warnings = new ArrayList<>();
        JsonNode ns = f.array(root, "warnings", "");
        for (int i = 0; i < ns.size(); i++) {
            warnings.add(f.text(ns.get(i), JsonFields.index("warnings", i)));
        }
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

    private static WorkloadResult workload(JsonNode w, String place, JsonFields f) {
        f.object(w, place);
        List<MetricSpec> metrics = new ArrayList<>();
        JsonNode ms = f.array(w, "metrics", place);
        for (int i = 0; i < ms.size(); i++) {
            JsonNode m = ms.get(i);
            String at = JsonFields.index(JsonFields.join(place, "metrics"), i);
            f.object(m, at);
            String better = f.string(m, "better", at, "lower");
            Direction direction;
            try {
                direction = Direction.parse(better);
            } catch (IllegalArgumentException e) {
                throw f.wrong(m.path("better"), JsonFields.join(at, "better"), "\"lower\" or \"higher\"");
            }
            metrics.add(new MetricSpec(
                    f.string(m, "name", at, ""),
                    direction,
                    f.string(m, "unit", at, ""),
                    f.string(m, "regex", at, null),
                    f.string(m, "kind", at, "").equals("count")));
        }
        Workload workload = new Workload(
                f.string(w, "name", place, ""),
                strings(w, "command", place, f),
                f.bool(w, "shell", place, false),
                stringMap(w, "parameters", place, f),
                strings(w, "prepare", place, f),
                metrics);
        List<VariantResult> variants = new ArrayList<>();
        JsonNode vs = f.array(w, "variants", place);
        for (int i = 0; i < vs.size(); i++) {
            JsonNode v = vs.get(i);
            String at = JsonFields.index(JsonFields.join(place, "variants"), i);
            f.object(v, at);
            Variant variant = new Variant(
                    f.string(v, "name", at, ""),
                    stringMap(v, "env", at, f),
                    strings(v, "prefix", at, f),
                    strings(v, "setup", at, f),
                    strings(v, "cleanup", at, f));
            List<Run> runs = new ArrayList<>();
            JsonNode rs = f.array(v, "runs", at);
            for (int k = 0; k < rs.size(); k++) {
                runs.add(run(rs.get(k), JsonFields.index(JsonFields.join(at, "runs"), k), f));
            }
            variants.add(new VariantResult(variant, runs));
        }
        return new WorkloadResult(workload, variants);
    }

    /**
     * A run, every field of the type overhead writes: numbers for figures (never a string or null read
     * as 0, docs/reliability.md, case 5), times, sizes and counts not below 0 and counts whole (issue
     * 28.6), whole numbers for positions and exit codes (third battery, case 12).
     */
    private static Run run(JsonNode r, String place, JsonFields f) {
        if (!r.isObject()) {
            throw f.wrong(r, place, "an object");
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        JsonNode ms = f.object(r.path("metrics"), JsonFields.join(place, "metrics"));
        ms.properties().forEach(e -> {
            boolean builtin = dev.overhead.model.Metrics.reserved(e.getKey());
            metrics.put(
                    e.getKey(),
                    f.number(e.getValue(), JsonFields.join(JsonFields.join(place, "metrics"), e.getKey()), builtin));
        });
        return new Run(
                f.integer(r, "index", place, 0),
                f.integer(r, "sequence", place, 0),
                f.integer(r, "round", place, 0),
                f.instant(r, "started", place),
                f.integer(r, "exit_code", place, 0),
                f.integer(r, "signal", place, null),
                f.bool(r, "timed_out", place, false),
                f.number(r, "wall_s", place, true),
                f.number(r, "user_s", place, true),
                f.number(r, "sys_s", place, true),
                f.count(r, "max_rss_kib", place),
                f.bool(r, "max_rss_exact", place, true),
                f.count(r, "minor_faults", place),
                f.count(r, "major_faults", place),
                f.count(r, "voluntary_cs", place),
                f.count(r, "involuntary_cs", place),
                f.count(r, "fs_in_blocks", place),
                f.count(r, "fs_out_blocks", place),
                metrics,
                f.integer(r, "build", place, null),
                f.integer(r, "boot", place, null));
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

    private static ComparisonRow comparison(JsonNode c, List<WorkloadResult> workloads, String place, JsonFields f) {
        f.object(c, place);
        String verdict = f.string(c, "verdict", place, "inconclusive");
        if (java.util.Arrays.stream(Verdict.values()).noneMatch(v -> v.word().equals(verdict))) {
            throw f.wrong(
                    c.path("verdict"),
                    JsonFields.join(place, "verdict"),
                    "one of equivalent, worse, better, inconclusive");
        }
        try {
            Direction.parse(f.string(c, "better", place, "lower"));
        } catch (IllegalArgumentException e) {
            throw f.wrong(c.path("better"), JsonFields.join(place, "better"), "\"lower\" or \"higher\"");
        }
        for (String n : List.of("n_baseline", "n_candidate")) {
            f.integer(c, n, place, 0);
        }
        for (String n : List.of("workload", "metric", "baseline", "candidate", "method", "unit")) {
            f.string(c, n, place, "");
        }
        List<String> warnings = new ArrayList<>();
        JsonNode ws = f.array(c, "warnings", place);
        for (int i = 0; i < ws.size(); i++) {
            warnings.add(f.text(ws.get(i), JsonFields.index(JsonFields.join(place, "warnings"), i)));
        }
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

    private static List<String> strings(JsonNode parent, String field, String place, JsonFields f) {
        JsonNode n = f.array(parent, field, place);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            out.add(f.text(n.get(i), JsonFields.index(JsonFields.join(place, field), i)));
        }
        return out;
    }

    private static Map<String, String> stringMap(JsonNode parent, String field, String place, JsonFields f) {
        String at = JsonFields.join(place, field);
        JsonNode n = f.object(parent.path(field), at);
        Map<String, String> out = new LinkedHashMap<>();
        n.properties().forEach(e -> out.put(e.getKey(), f.text(e.getValue(), JsonFields.join(at, e.getKey()))));
        return out;
    }

    private static Map<String, Object> map(JsonNode n) {
        if (!n.isObject()) {
            return Map.of();
        }
        return MAPPER.convertValue(n, new TypeReference<LinkedHashMap<String, Object>>() {});
    }
}
