package dev.overhead.study;

import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.run.StudySpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What an agent lets a queued study run (docs/team.md, "Who may run what"): anyone who may queue work
 * in the team store would otherwise make every agent run any command as the agent's user. An agent
 * started with {@code --allow-program} runs a study only where every program it would start is named:
 * each workload's and variant's program (a name without a slash by its name, a path by its path), a
 * shell for shell workloads and for any {@code prepare}, {@code setup} or {@code cleanup} (they are shell
 * text: {@code sh} must be allowed, which allows anything, and says so), and each library a variant
 * preloads ({@code LD_PRELOAD}, by its path). A variant that sets {@code PATH} or another {@code LD_}
 * variable, which change what a name runs, needs {@code *}.
 */
public record Allowance(Set<String> programs) {
    /** No list: everything runs, as before agents had one. */
    public static final Allowance ANY = new Allowance(null);

    public Allowance {
        programs = programs == null ? null : Set.copyOf(programs);
    }

    /** From {@code --allow-program} values, each one name or a comma-separated list; empty: ANY. */
    public static Allowance of(List<String> values) {
        Set<String> names = new LinkedHashSet<>();
        for (String v : values) {
            for (String name : v.split(",")) {
                if (!name.isBlank()) {
                    names.add(name.strip());
                }
            }
        }
        return names.isEmpty() || names.contains("*") ? ANY : new Allowance(names);
    }

    public boolean any() {
        return programs == null;
    }

    /** The comma-separated list, as {@code run --allow-programs} takes it. */
    public String list() {
        return programs == null ? "*" : String.join(",", new java.util.TreeSet<>(programs));
    }

    /** The sentence that refuses the study, naming what is not allowed; empty where everything is. */
    public Optional<String> refusal(StudySpec spec) {
        if (programs == null) {
            return Optional.empty();
        }
        Set<String> refused = new LinkedHashSet<>();
        for (Workload w : spec.workloads()) {
            if (w.shell()) {
                need("sh", refused);
            } else if (!w.command().isEmpty()) {
                need(w.command().getFirst(), refused);
            }
            if (!w.prepare().isEmpty()) {
                need("sh", refused);
            }
        }
        for (Variant v : spec.variants()) {
            if (!v.prefix().isEmpty()) {
                need(v.prefix().getFirst(), refused);
            }
            if (!v.setup().isEmpty() || !v.cleanup().isEmpty()) {
                need("sh", refused);
            }
            for (var e : v.env().entrySet()) {
                String key = e.getKey().toUpperCase(Locale.ROOT);
                if (key.equals("LD_PRELOAD")) {
                    for (String lib : e.getValue().split("[ :]")) {
                        if (!lib.isBlank()) {
                            need(lib, refused);
                        }
                    }
                } else if (key.equals("PATH") || key.startsWith("LD_")) {
                    refused.add(e.getKey() + "= (in variant " + v.name() + "; only an agent with"
                            + " --allow-program '*' runs what it changes)");
                }
            }
        }
        if (refused.isEmpty()) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>(refused);
        return Optional.of("this agent runs only " + String.join(", ", new java.util.TreeSet<>(programs))
                + " (--allow-program), and the study would start " + String.join(", ", names)
                + ": nothing was run; start an agent that allows them, or submit a plan within the list");
    }

    private void need(String program, Set<String> refused) {
        if (!programs.contains(program)) {
            refused.add(program);
        }
    }
}
