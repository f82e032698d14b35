package dev.overhead.interop;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * hyperfine's {@code --export-json}: {@code results[]} with {@code command}, {@code times} (wall
 * seconds per run), {@code exit_codes} (since 1.12; null for a signal), {@code memory_usage_byte}
 * (since 1.19), {@code parameters}, and the means {@code user}/{@code system}.
 *
 * <p>Reading: a file with one command is one variant (named after the file) of a workload named by
 * the command, so that several such files merge; a file with several commands is one workload (named
 * after the file) whose variants are the commands, or their parameter values where there are any.
 * hyperfine keeps only the means of user and system time, which are not per-run figures: they become
 * notes, never samples.
 */
public final class HyperfineJson {
    private HyperfineJson() {}

    private static final ObjectMapper JSON = new ObjectMapper();

    static boolean looksLike(JsonNode root) {
        return root.isObject()
                && root.path("results").isArray()
                && (root.path("results").isEmpty()
                        || root.path("results").get(0).has("command"));
    }

    /** A measured value: a finite JSON number, never a string or null read as 0 (docs/reliability.md, case 5). */
    private static double number(JsonNode n, String source, String where) {
        if (!n.isNumber() || !Double.isFinite(n.asDouble())) {
            throw new FormatException("%s: %s is %s, not a finite number; fix or remove that run."
                    .formatted(source, where, n.isNull() ? "null" : n.toString()));
        }
        if (n.asDouble() < 0) { // a time or a size (a negative wall came out better by -200%)
            throw new FormatException("%s: %s is %s, but a time or size cannot be negative; fix or remove that run."
                    .formatted(source, where, n.toString()));
        }
        return n.asDouble();
    }

    public static StudyResult read(String text, String source) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new FormatException(
                    source + " is not valid JSON (line " + e.getLocation().getLineNr() + ").", e);
        }
        return read(root, source);
    }

    static StudyResult read(JsonNode root, String source) {
        if (!looksLike(root) || root.path("results").isEmpty()) {
            throw new FormatException(source + " has no hyperfine results (a \"results\" list of commands).");
        }
        List<String> warnings = new ArrayList<>();
        JsonNode results = root.path("results");
        boolean single = results.size() == 1;
        Imported.SpecSet specs = new Imported.SpecSet();
        specs.add(Imported.wall());
        List<VariantResult> variants = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        int sequence = 0;
        boolean memory = false;
        int resultIndex = -1;
        for (JsonNode r : results) {
            resultIndex++;
            String command = r.path("command").asText();
            String name = unique(names, single ? Imported.stem(source) : variantName(r));
            JsonNode times = r.path("times");
            if (!times.isArray() || times.isEmpty()) {
                warnings.add("%s: '%s' has no per-run times (only a mean); left out.".formatted(source, command));
                continue;
            }
            JsonNode codes = r.path("exit_codes");
            JsonNode mem = r.path("memory_usage_byte");
            memory |= mem.isArray() && mem.size() == times.size();
            List<Run> runs = new ArrayList<>();
            for (int i = 0; i < times.size(); i++) {
                int exit = 0;
                if (codes.isArray() && i < codes.size()) {
                    exit = codes.get(i).isNull() ? -1 : codes.get(i).asInt();
                }
                long rss = mem.isArray() && mem.size() == times.size()
                        ? (long) number(mem.get(i), source, "results[" + resultIndex + "].memory_usage_byte[" + i + "]")
                                / 1024
                        : 0;
                double wall = number(times.get(i), source, "results[" + resultIndex + "].times[" + i + "]");
                runs.add(Imported.run(i, sequence++, wall, exit, rss, Map.of()));
            }
            if (codes.isArray() && codes.size() != times.size()) {
                warnings.add("%s: '%s' has %d exit codes for %d times; exit codes not matched to runs."
                        .formatted(source, command, codes.size(), times.size()));
            }
            if (codes.isArray() && hasNull(codes)) {
                warnings.add("%s: '%s' was killed by a signal in some runs (exit code recorded as -1)."
                        .formatted(source, command));
            }
            if (r.has("user") || r.has("system")) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "%s: hyperfine kept only means of CPU time for '%s': user %.6g s, system %.6g s (not compared).",
                        source,
                        command,
                        r.path("user").asDouble(),
                        r.path("system").asDouble()));
            }
            Variant variant = new Variant(name, Map.of(), List.of(), List.of(), List.of());
            variants.add(new VariantResult(variant, runs));
        }
        if (memory) {
            specs.add(Metrics.Builtin.MAX_RSS.spec());
            warnings.add(source + ": hyperfine's memory_usage_byte is the peak of its child processes so far, "
                    + "shell and wrappers included, not each run's own figure; treat max_rss from it with care.");
        }
        String workloadName = single ? results.get(0).path("command").asText() : Imported.stem(source);
        List<String> command = single ? List.of(workloadName) : List.of();
        var workload =
                new dev.overhead.model.Workload(workloadName, command, single, Map.of(), List.of(), specs.list());
        return Imported.study(
                Imported.stem(source),
                Imported.stem(source),
                null,
                "hyperfine",
                List.of(new WorkloadResult(workload, variants)),
                warnings);
    }

    private static boolean hasNull(JsonNode codes) {
        for (JsonNode c : codes) {
            if (c.isNull()) {
                return true;
            }
        }
        return false;
    }

    private static String variantName(JsonNode result) {
        JsonNode params = result.path("parameters");
        if (params.isObject() && !params.isEmpty()) {
            List<String> parts = new ArrayList<>();
            params.properties()
                    .forEach(e -> parts.add(e.getKey() + "=" + e.getValue().asText()));
            return String.join(",", parts);
        }
        return result.path("command").asText();
    }

    private static String unique(Set<String> names, String name) {
        String candidate = name;
        for (int i = 2; !names.add(candidate); i++) {
            candidate = name + " #" + i;
        }
        return candidate;
    }

    /**
     * The study as hyperfine would have written it, one result per workload and variant that has
     * wall times; the command is the variant's name (prefixed by the workload's where there are
     * several workloads). Field names and types follow hyperfine's own export, so its scripts
     * ({@code welch_ttest.py}, {@code plot_whisker.py}, ...) read it.
     */
    public static String write(StudyResult study) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode results = root.putArray("results");
        boolean several = study.workloads().size() > 1;
        for (WorkloadResult w : study.workloads()) {
            List<MetricSpec> metrics = Imported.metricsOf(w.workload());
            boolean hasWall = metrics.stream().anyMatch(m -> m.name().equals("wall") && !m.parsed());
            boolean hasRss = metrics.stream().anyMatch(m -> m.name().equals("max_rss") && !m.parsed());
            if (!hasWall) {
                continue;
            }
            for (VariantResult v : w.variants()) {
                results.add(result(several ? w.name() + " | " + v.name() : v.name(), v, hasRss));
            }
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode result(String command, VariantResult v, boolean hasRss) {
        double[] times = v.runs().stream().mapToDouble(Run::wallS).toArray();
        double[] sorted = times.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(times).average().orElse(Double.NaN);
        ObjectNode r = JSON.createObjectNode();
        r.put("command", command);
        r.put("mean", mean);
        if (times.length > 1) {
            double ss = Arrays.stream(times).map(t -> (t - mean) * (t - mean)).sum();
            r.put("stddev", Math.sqrt(ss / (times.length - 1)));
        } else {
            r.putNull("stddev");
        }
        int n = sorted.length;
        r.put("median", n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2);
        r.put("user", v.runs().stream().mapToDouble(Run::userS).average().orElse(0));
        r.put("system", v.runs().stream().mapToDouble(Run::sysS).average().orElse(0));
        r.put("min", n == 0 ? Double.NaN : sorted[0]);
        r.put("max", n == 0 ? Double.NaN : sorted[n - 1]);
        ArrayNode t = r.putArray("times");
        Arrays.stream(times).forEach(t::add);
        if (hasRss) {
            ArrayNode mem = r.putArray("memory_usage_byte");
            v.runs().forEach(run -> mem.add(run.maxRssKib() * 1024));
        }
        ArrayNode codes = r.putArray("exit_codes");
        v.runs().forEach(run -> codes.add(run.exitCode()));
        return r;
    }
}
