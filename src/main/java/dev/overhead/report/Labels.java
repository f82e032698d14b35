package dev.overhead.report;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Metrics;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Names as people read them: metrics, workloads, commands quoted for a POSIX shell, variant specs. */
final class Labels {
    private Labels() {}

    private static final Map<String, String> METRIC_LABELS = Map.ofEntries(
            Map.entry("wall", "wall"),
            Map.entry("user", "user"),
            Map.entry("sys", "sys"),
            Map.entry("cpu", "cpu"),
            Map.entry("max_rss", "max RSS"),
            Map.entry("minor_faults", "minor faults"),
            Map.entry("major_faults", "major faults"),
            Map.entry("voluntary_cs", "vol. cs"),
            Map.entry("involuntary_cs", "invol. cs"),
            Map.entry("fs_in", "fs in"),
            Map.entry("fs_out", "fs out"),
            Map.entry("tree_mem", "tree mem"),
            Map.entry("tree_cpu", "tree cpu"),
            Map.entry("tree_io_read", "tree io read"),
            Map.entry("tree_io_write", "tree io write"),
            Map.entry("psi_cpu", "cpu stall"),
            Map.entry("psi_mem", "mem stall"),
            Map.entry("psi_io", "io stall"));

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    /** Short human label of a metric: built-ins get a readable one, parsed metrics keep their name. */
    static String metric(String name) {
        return METRIC_LABELS.getOrDefault(name, name);
    }

    /** A workload's name, with its parameter values unless the name already shows them. */
    static String workload(Workload w) {
        if (w.parameters().isEmpty()) {
            return w.name();
        }
        String params = parameters(w.parameters());
        boolean shown = w.parameters().values().stream().allMatch(w.name()::contains);
        return shown ? w.name() : w.name() + " (" + params + ")";
    }

    static String parameters(Map<String, String> parameters) {
        return parameters.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    /** The spec of a variant as typed after {@code -V}: {@code NAME: K=V ... PREFIX ...}. */
    static String variantSpec(Variant v) {
        return variantSpec(v, dev.overhead.model.Levels.NONE);
    }

    /**
     * The spec of a variant as typed after {@code -V}, with {@code vm:cmdline=...} where the study's variants are
     * kernels booted under qemu (plan.VmSpec's words), so a VM variant is not shown as "the command as it is".
     */
    static String variantSpec(Variant v, dev.overhead.model.Levels levels) {
        List<String> words = new ArrayList<>();
        v.env().forEach((k, val) -> words.add(k + "=" + quote(val)));
        v.prefix().forEach(p -> words.add(quote(p)));
        String cmdline = levels.target(v.name()).cmdline();
        if (!cmdline.isEmpty() && dev.overhead.model.Levels.VM.equals(levels.bootSwitch())) {
            words.add(quote("vm:cmdline=" + cmdline));
        }
        return words.isEmpty() ? v.name() + ":   (the command as it is)" : v.name() + ": " + String.join(" ", words);
    }

    /** What a shell user would type to run the workload under the variant: env, prefix, command. */
    static String commandLine(Workload w, Variant v) {
        List<String> words = new ArrayList<>();
        v.env().forEach((k, val) -> words.add(k + "=" + quote(val)));
        v.prefix().forEach(p -> words.add(quote(p)));
        if (w.shell()) {
            words.add("/bin/sh");
            words.add("-c");
            words.add(quote(String.join(" ", w.command())));
        } else {
            w.command().forEach(c -> words.add(quote(c)));
        }
        return String.join(" ", words);
    }

    static String argv(List<String> command) {
        return command.stream().map(Labels::quote).collect(Collectors.joining(" "));
    }

    /** One word quoted for a POSIX shell, only when it needs it. */
    static String quote(String word) {
        if (!word.isEmpty() && SAFE.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** The spec of a metric named in a comparison, looked up in the workload, then the built-ins. */
    static Optional<MetricSpec> spec(WorkloadResult w, String metric) {
        return w.workload().metrics().stream()
                .filter(m -> m.name().equals(metric))
                .findFirst()
                .or(() -> Metrics.builtin(metric).map(Metrics.Builtin::spec));
    }
}
