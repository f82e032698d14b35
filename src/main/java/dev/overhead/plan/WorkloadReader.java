package dev.overhead.plan;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.Workload;
import dev.overhead.plan.YamlTree.Entry;
import dev.overhead.plan.YamlTree.Mapping;
import dev.overhead.plan.YamlTree.Scalar;
import dev.overhead.plan.YamlTree.Seq;
import dev.overhead.stats.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Reads the {@code workloads:} of a plan, expanding parameter sweeps into one workload per combination. */
final class WorkloadReader {
    static final List<String> KEYS =
            List.of("name", "profile", "command", "shell", "parameters", "prepare", "metrics", "primary");
    /** What a plan may say beside {@code profile:}; the rest comes from the profile. */
    static final List<String> PROFILE_USE_KEYS = List.of("name", "profile", "parameters", "prepare", "primary");

    static final List<String> METRIC_KEYS = List.of("name", "better", "unit", "regex", "kind");

    /** {name} is a placeholder; ${name} is the shell's and {{name}} a literal {name}. */
    private static final Pattern PLACEHOLDER =
            Pattern.compile("\\{\\{([A-Za-z_][A-Za-z0-9_]*)}}|(?<!\\$)\\{([A-Za-z_][A-Za-z0-9_]*)}");

    /**
     * The most workload instances a plan may make (every combination of every workload's parameters).
     * Each instance is measured at least a few times per variant, so a thousand is already a study of
     * days; a sweep of 10⁶ combinations ran for minutes before its first run instead of being refused
     * (docs/reliability.md, third battery, case 12).
     */
    public static final int MAX_INSTANCES = 1000;

    private final PlanNodes nodes;
    private final ProfileSource profiles;

    /** The profiles, loaded only when a plan names one (a broken user profile spoils no other plan). */
    interface ProfileSource {
        Profiles get() throws PlanException;
    }

    WorkloadReader(PlanNodes nodes, ProfileSource profiles) {
        this.nodes = nodes;
        this.profiles = profiles;
    }

    List<Workload> read(YamlTree list, boolean defaultShell) throws PlanException {
        if (!(list instanceof Seq seq) || seq.items().isEmpty()) {
            throw nodes.fail(
                    list,
                    "workloads must be a list with at least one workload, such as"
                            + " - {name: sort, command: [sort, -o, /dev/null, /usr/share/dict/words]}");
        }
        List<Workload> out = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < seq.items().size(); i++) {
            YamlTree item = seq.items().get(i);
            Mapping m = nodes.mapping(item, "workload " + (i + 1), "{name: NAME, command: [WORDS...]}");
            YamlTree profileNode = PlanNodes.optional(m, "profile");
            String profileName = profileNode == null ? null : nodes.text(profileNode, "profile");
            String name = PlanNodes.optional(m, "name") == null
                    ? profileName
                    : nodes.text(PlanNodes.optional(m, "name"), "name");
            String context = name == null ? "workload " + (i + 1) : "workload '" + name + "'";
            nodes.onlyKnownKeys(m, context, profileName == null ? KEYS : PROFILE_USE_KEYS);
            if (name == null) {
                nodes.required(m, "name", context, "give each workload a name");
            }
            if (profileName != null) {
                m = profile(profileNode, profileName, m, context);
            }
            if (!names.add(name)) {
                throw nodes.fail(
                        m.entries().containsKey("name")
                                ? m.entries().get("name").value().place()
                                : m.place(),
                        "two workloads are named '" + name + "': give each its own name");
            }
            out.addAll(workload(m, name, context, defaultShell, MAX_INSTANCES - out.size()));
        }
        return out;
    }

    private Mapping profile(YamlTree at, String profileName, Mapping use, String context) throws PlanException {
        if (profiles == null) {
            throw nodes.fail(at, "a profile cannot use another profile");
        }
        Profiles all = profiles.get();
        Profiles.Loaded loaded = all.loaded(profileName)
                .orElseThrow(() -> nodes.fail(
                        at,
                        "there is no profile '" + profileName + "' (there are: "
                                + String.join(
                                        ", ",
                                        all.all().stream().map(Profile::name).toList())
                                + "; 'overhead profiles' lists them)"));
        return all.merge(loaded, use, nodes, context);
    }

    List<Workload> workload(Mapping m, String name, String context, boolean defaultShell) throws PlanException {
        return workload(m, name, context, defaultShell, MAX_INSTANCES);
    }

    /** @param room how many more workload instances the plan may have (see {@link #MAX_INSTANCES}) */
    List<Workload> workload(Mapping m, String name, String context, boolean defaultShell, int room)
            throws PlanException {
        YamlTree commandNode =
                nodes.required(m, "command", context, "write command: [WORDS...], or a string with shell: true");
        YamlTree shellNode = PlanNodes.optional(m, "shell");
        boolean shell = shellNode != null
                ? nodes.bool(shellNode, "shell in " + context)
                : defaultShell && commandNode instanceof Scalar;
        if (shell && !(commandNode instanceof Scalar)) {
            throw nodes.fail(
                    commandNode,
                    "the command of " + context + " must be one string when shell is true," + " not "
                            + commandNode.kind());
        }
        List<String> command = shell
                ? List.of(nodes.text(commandNode, "command"))
                : nodes.words(commandNode, "the command of " + context, false);
        List<String> prepare = PlanNodes.optional(m, "prepare") == null
                ? List.of()
                : nodes.words(PlanNodes.optional(m, "prepare"), "prepare in " + context, shell);
        List<MetricSpec> metrics = metrics(PlanNodes.optional(m, "metrics"), context);
        Map<String, List<String>> parameters = parameters(PlanNodes.optional(m, "parameters"), context);

        checkPlaceholders(commandNode, command, parameters, context);
        YamlTree prepareNode = PlanNodes.optional(m, "prepare");
        if (prepareNode != null) {
            checkPlaceholders(prepareNode, prepare, parameters, context);
        }
        for (String p : parameters.keySet()) {
            boolean used = command.stream().anyMatch(w -> uses(w, p))
                    || prepare.stream().anyMatch(w -> uses(w, p));
            if (!used) {
                throw nodes.fail(
                        m.entries().get("parameters").value(),
                        "the parameter '" + p + "' of " + context + " is not used: write {" + p
                                + "} in its command, or remove it");
            }
        }

        String primary = primary(PlanNodes.optional(m, "primary"), metrics, context);

        long instanceCount = 1; // counted before any is made: 10⁶ maps were the minutes
        for (List<String> values : parameters.values()) {
            instanceCount = Math.min(instanceCount * values.size(), Integer.MAX_VALUE);
        }
        if (instanceCount > room) {
            YamlTree parametersNode = PlanNodes.optional(m, "parameters");
            throw nodes.fail(
                    parametersNode != null ? parametersNode : m,
                    "the parameters of " + context + " make " + instanceCount + " combinations, and a plan may"
                            + " have at most " + MAX_INSTANCES + " workload instances in all"
                            + (room < MAX_INSTANCES ? " (" + (MAX_INSTANCES - room) + " before this one)" : "")
                            + ": sweep fewer values, or split the study into several plans");
        }
        List<Workload> instances = new ArrayList<>();
        for (Map<String, String> combination : combinations(parameters)) {
            String instanceName = name + suffix(combination, parameters);
            instances.add(new Workload(
                    instanceName,
                    substitute(command, combination),
                    shell,
                    combination,
                    substitute(prepare, combination),
                    metrics,
                    primary));
        }
        return instances;
    }

    /** The workload's own primary metric: built in, or one of its parsed metrics; null: the study's. */
    private String primary(YamlTree node, List<MetricSpec> metrics, String context) throws PlanException {
        if (node == null) {
            return null;
        }
        String primary = nodes.text(node, "primary");
        if (Metrics.builtin(primary).isEmpty()
                && metrics.stream().noneMatch(s -> s.name().equals(primary))) {
            throw nodes.fail(
                    node,
                    "the primary metric '" + primary + "' of " + context
                            + " is neither built in (wall, cpu, max_rss, ...) nor one of its metrics ("
                            + String.join(
                                    ", ", metrics.stream().map(MetricSpec::name).toList()) + ")");
        }
        return primary;
    }

    private Map<String, List<String>> parameters(YamlTree node, String context) throws PlanException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (node == null) {
            return out;
        }
        Mapping m = nodes.mapping(node, "parameters in " + context, "{groups: [5, 15]}");
        for (Entry e : m.entries().values()) {
            if (!PlanNodes.IDENTIFIER.matcher(e.key()).matches()) {
                throw nodes.fail(
                        e.keyPlace(),
                        "the parameter name '" + e.key() + "' in " + context
                                + " must be letters, digits and _, not starting with a digit");
            }
            List<String> values = new ArrayList<>();
            if (e.value() instanceof Seq seq) {
                for (YamlTree v : seq.items()) {
                    values.add(nodes.text(v, "each value of the parameter '" + e.key() + "'"));
                }
            } else {
                values.add(nodes.text(e.value(), "the parameter '" + e.key() + "'"));
            }
            if (values.isEmpty()) {
                throw nodes.fail(e.value(), "the parameter '" + e.key() + "' of " + context + " has no values");
            }
            out.put(e.key(), values);
        }
        return out;
    }

    private List<MetricSpec> metrics(YamlTree node, String context) throws PlanException {
        List<MetricSpec> out = new ArrayList<>();
        if (node == null) {
            return out;
        }
        if (!(node instanceof Seq seq)) {
            throw nodes.fail(
                    node,
                    "metrics in " + context + " must be a list such as"
                            + " - {name: time, better: lower, unit: s, regex: 'Time: ([0-9.]+)'}, not " + node.kind());
        }
        for (YamlTree item : seq.items()) {
            Mapping m = nodes.mapping(item, "each metric of " + context, "{name: time, regex: 'Time: ([0-9.]+)'}");
            YamlTree nameNode = PlanNodes.optional(m, "name");
            String where = nameNode == null
                    ? "a metric of " + context
                    : "metric '" + nodes.text(nameNode, "name") + "' of " + context;
            nodes.onlyKnownKeys(m, where, METRIC_KEYS);
            String name = nodes.text(nodes.required(m, "name", where, "give each metric a name"), "name");
            if (Metrics.reserved(name) || out.stream().anyMatch(s -> s.name().equals(name))) {
                throw nodes.fail(
                        nameNode,
                        "the metric name '" + name + "' in " + context
                                + " is taken (built-in or given twice): choose another");
            }
            YamlTree regexNode = nodes.required(m, "regex", where, "write regex: 'PATTERN ([0-9.]+)'");
            String regex = nodes.text(regexNode, "regex");
            try {
                if (Pattern.compile(regex).matcher("").groupCount() < 1) {
                    throw nodes.fail(
                            regexNode,
                            "the regex of " + where + " has no capture group: put the value in"
                                    + " parentheses, e.g. 'Time: ([0-9.]+)'");
                }
            } catch (PatternSyntaxException e) {
                throw nodes.fail(
                        regexNode,
                        "the regex of " + where + " does not compile: " + e.getDescription() + " near index "
                                + e.getIndex());
            }
            YamlTree betterNode = PlanNodes.optional(m, "better");
            Direction better = Direction.LOWER;
            if (betterNode != null) {
                try {
                    better = Direction.parse(nodes.text(betterNode, "better"));
                } catch (IllegalArgumentException e) {
                    throw nodes.fail(
                            betterNode,
                            "better in " + where + " must be lower or higher, not " + PlanNodes.describe(betterNode));
                }
            }
            YamlTree unitNode = PlanNodes.optional(m, "unit");
            YamlTree kindNode = PlanNodes.optional(m, "kind");
            String kind = kindNode == null ? "measurement" : nodes.text(kindNode, "kind");
            if (!kind.equals("measurement") && !kind.equals("count")) {
                throw nodes.fail(
                        kindNode,
                        "kind in " + where + " must be measurement or count, not " + PlanNodes.describe(kindNode));
            }
            out.add(new MetricSpec(
                    name, better, unitNode == null ? "" : nodes.text(unitNode, "unit"), regex, kind.equals("count")));
        }
        return out;
    }

    /** Places each {name} in the words, so an unknown one is refused at the word that holds it. */
    private void checkPlaceholders(YamlTree node, List<String> words, Map<String, List<String>> params, String context)
            throws PlanException {
        for (int i = 0; i < words.size(); i++) {
            Matcher m = PLACEHOLDER.matcher(words.get(i));
            while (m.find()) {
                // {build_dir} is each variant's build directory (variants[].build) and {scratch} the study's own
                // directory (run.Scratch), filled in when it runs
                if (m.group(2) != null
                        && !params.containsKey(m.group(2))
                        && !m.group(2).equals("build_dir")
                        && !m.group(2).equals("scratch")) {
                    YamlTree at = node instanceof Seq seq && i < seq.items().size()
                            ? seq.items().get(i)
                            : node;
                    throw nodes.fail(
                            at,
                            context + " uses {" + m.group(2) + "}, which is not one of its parameters ("
                                    + (params.isEmpty() ? "it has none" : String.join(", ", params.keySet()))
                                    + "); write {{" + m.group(2) + "}} for the literal text");
                }
            }
        }
    }

    private static boolean uses(String word, String param) {
        Matcher m = PLACEHOLDER.matcher(word);
        while (m.find()) {
            if (param.equals(m.group(2))) {
                return true;
            }
        }
        return false;
    }

    static List<String> substitute(List<String> words, Map<String, String> values) {
        return words.stream()
                .map(w -> PLACEHOLDER
                        .matcher(w)
                        .replaceAll(m -> Matcher.quoteReplacement(
                                m.group(1) != null
                                        ? "{" + m.group(1) + "}"
                                        : values.getOrDefault(m.group(2), m.group(0)))))
                .toList();
    }

    /** Every combination, the first parameter varying slowest (as nested loops written in order). */
    static List<Map<String, String>> combinations(Map<String, List<String>> params) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (var p : params.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : out) {
                for (String value : p.getValue()) {
                    Map<String, String> c = new LinkedHashMap<>(partial);
                    c.put(p.getKey(), value);
                    next.add(c);
                }
            }
            out = next;
        }
        return out;
    }

    /** {@code [groups=5]}: only the parameters that vary name an instance; a single value adds nothing. */
    static String suffix(Map<String, String> combination, Map<String, List<String>> params) {
        List<String> parts = new ArrayList<>();
        combination.forEach((k, v) -> {
            if (params.get(k).size() > 1) {
                parts.add(k + "=" + v);
            }
        });
        return parts.isEmpty() ? "" : "[" + String.join(",", parts) + "]";
    }
}
