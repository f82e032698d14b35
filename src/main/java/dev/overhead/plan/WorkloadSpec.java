package dev.overhead.plan;

import dev.overhead.model.Workload;
import dev.overhead.plan.YamlTree.Entry;
import dev.overhead.plan.YamlTree.Mapping;
import dev.overhead.plan.YamlTree.Place;
import dev.overhead.plan.YamlTree.Seq;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads {@code --workload PROFILE[:KEY=VALUE,...]} (docs/cli.md): a profile with parameters set
 * over its defaults. A key given twice sweeps it ({@code sysbench:threads=1,threads=4} is two
 * workloads), as a list does in a plan. It is turned into the plan entry it stands for and read by
 * the plan's own reader, so both are checked alike.
 */
public final class WorkloadSpec {
    private WorkloadSpec() {}

    private static final Pattern PROFILE = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.+-]*");
    private static final Place NOWHERE = new Place(0, 0);

    /**
     * @throws SpecException with one sentence naming the spec and what to write
     */
    public static List<Workload> parse(String spec, Profiles profiles) {
        int colon = spec.indexOf(':');
        String profile = (colon < 0 ? spec : spec.substring(0, colon)).strip();
        if (!PROFILE.matcher(profile).matches()) {
            throw new SpecException("--workload '" + spec + "' does not start with a profile name: write"
                    + " --workload PROFILE[:KEY=VALUE,...], for example --workload hackbench:groups=5"
                    + " ('overhead profiles' lists them).");
        }
        Map<String, List<String>> values = new LinkedHashMap<>();
        if (colon >= 0 && !spec.substring(colon + 1).isBlank()) {
            for (String pair : spec.substring(colon + 1).split(",")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new SpecException("--workload '" + spec + "': '" + pair + "' is not KEY=VALUE; separate"
                            + " parameters with commas, e.g. --workload sysbench:test=cpu,threads=2.");
                }
                values.computeIfAbsent(pair.substring(0, eq).strip(), k -> new ArrayList<>())
                        .add(pair.substring(eq + 1));
            }
        }
        Map<String, Entry> params = new LinkedHashMap<>();
        List<String> fixed = new ArrayList<>();
        values.forEach((k, vs) -> {
            YamlTree value = vs.size() == 1
                    ? Profiles.scalar(vs.getFirst())
                    : new Seq(
                            vs.stream().map(v -> (YamlTree) Profiles.scalar(v)).toList(), NOWHERE);
            params.put(k, new Entry(k, NOWHERE, value));
            if (vs.size() == 1) {
                fixed.add(k + "=" + vs.getFirst());
            }
        });
        Map<String, Entry> entries = new LinkedHashMap<>();
        String name = fixed.isEmpty() ? profile : profile + ":" + String.join(",", fixed);
        entries.put("name", new Entry("name", NOWHERE, Profiles.scalar(name)));
        entries.put("profile", new Entry("profile", NOWHERE, Profiles.scalar(profile)));
        if (!params.isEmpty()) {
            entries.put("parameters", new Entry("parameters", NOWHERE, new Mapping(params, NOWHERE)));
        }
        PlanNodes nodes = new PlanNodes(Path.of("--workload '" + spec + "'"));
        try {
            return new WorkloadReader(nodes, () -> profiles)
                    .read(new Seq(List.of(new Mapping(entries, NOWHERE)), NOWHERE), false);
        } catch (PlanException e) {
            throw new SpecException(e.getMessage().endsWith(".") ? e.getMessage() : e.getMessage() + ".");
        }
    }
}
