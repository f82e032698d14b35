package dev.overhead.model;

import java.util.List;
import java.util.Map;

/**
 * One way of running the workloads: environment variables set directly on the command, and a
 * prefix (wrapper) put in front of it, as typed in a shell: {@code NAME: K=V ... PREFIX ...}.
 *
 * @param setup   run once before this variant's runs (empty: nothing)
 * @param cleanup run once after them
 */
public record Variant(
        String name, Map<String, String> env, List<String> prefix, List<String> setup, List<String> cleanup) {

    public Variant {
        env = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(env));
        prefix = List.copyOf(prefix);
        setup = List.copyOf(setup);
        cleanup = List.copyOf(cleanup);
    }

    public static Variant plain(String name) {
        return new Variant(name, Map.of(), List.of(), List.of(), List.of());
    }
}
