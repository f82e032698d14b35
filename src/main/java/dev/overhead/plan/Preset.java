package dev.overhead.plan;

import dev.overhead.model.Variant;
import java.util.List;
import java.util.Map;

/**
 * A named variant (docs/workloads.md): environment and prefix as this machine needs them (a preloaded
 * allocator by its full path), or the sentence that says why it is not available here.
 *
 * @param kind        allocator, glibc or wrapper, for listing
 * @param unavailable null where the preset can be used here; else why not and what to do
 */
public record Preset(
        String name,
        String kind,
        String description,
        Map<String, String> env,
        List<String> prefix,
        String unavailable) {

    public Preset {
        env = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(env));
        prefix = List.copyOf(prefix);
    }

    public boolean available() {
        return unavailable == null;
    }

    /** The variant this preset stands for, named {@code label}. */
    public Variant variant(String label) {
        return new Variant(label, env, prefix, List.of(), List.of());
    }
}
