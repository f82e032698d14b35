package dev.overhead.plan;

import dev.overhead.model.Variant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads {@code -V preset:NAME} and {@code -V 'LABEL: preset:NAME [KEY=VALUE ...]'} (docs/cli.md);
 * any other spec is an ordinary one ({@link VariantSpec}).
 */
public final class PresetSpec {
    private PresetSpec() {}

    private static final Pattern ASSIGNMENT = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(.*)", Pattern.DOTALL);
    private static final String PREFIX = "preset:";

    /** Whether {@code spec} names a preset (so presets need to be looked up at all). */
    public static boolean namesPreset(String spec) {
        if (spec.strip().startsWith(PREFIX)) {
            return true;
        }
        int colon = spec.indexOf(':');
        return colon > 0 && spec.substring(colon + 1).strip().startsWith(PREFIX);
    }

    /**
     * @throws SpecException with one sentence naming the spec and what to write
     */
    public static Variant parse(String spec, Presets presets) {
        if (!namesPreset(spec)) {
            return VariantSpec.parse(spec);
        }
        String label;
        List<String> words;
        if (spec.strip().startsWith(PREFIX)) {
            label = null;
            words = List.of(spec.strip());
        } else {
            int colon = spec.indexOf(':');
            label = spec.substring(0, colon).strip();
            if (!VariantSpec.validName(label)) {
                throw new SpecException("-V '" + spec + "' has the name '" + label
                        + "': a variant name is letters, digits and _ . + - (for example glibc or hardened-2).");
            }
            try {
                words = ShellWords.split(spec.substring(colon + 1));
            } catch (SpecException e) {
                throw new SpecException("-V '" + spec + "' cannot be split into words: " + e.getMessage());
            }
        }
        String name = words.getFirst().substring(PREFIX.length());
        Map<String, String> extra = new LinkedHashMap<>();
        for (String w : words.subList(1, words.size())) {
            var m = ASSIGNMENT.matcher(w);
            if (!m.matches()) {
                throw new SpecException("-V '" + spec + "': after preset:" + name + " only KEY=VALUE words may"
                        + " follow, not '" + w + "'; for a wrapper, write the variant out without the preset.");
            }
            extra.put(m.group(1), m.group(2));
        }
        Preset preset = resolve(name, presets, "-V '" + spec + "'");
        return withEnv(preset.variant(label == null ? name : label), extra);
    }

    /** The preset, or a sentence: unknown (naming those there are), or not available here (and why). */
    static Preset resolve(String name, Presets presets, String where) {
        Preset p = presets.find(name)
                .orElseThrow(() -> new SpecException(where + ": there is no preset '" + name + "' (there are: "
                        + String.join(
                                ", ", presets.all().stream().map(Preset::name).toList())
                        + "; 'overhead presets' lists them)."));
        if (!p.available()) {
            throw new SpecException(where + ": the preset " + name + " cannot be used here: " + p.unavailable() + ".");
        }
        return p;
    }

    /**
     * The variant with more environment: a later value wins, except that {@code LD_PRELOAD} and
     * {@code GLIBC_TUNABLES} are lists (colon-separated) and are joined, so that a preset's allocator and
     * the user's own tunable both apply.
     */
    static Variant withEnv(Variant v, Map<String, String> extra) {
        Map<String, String> env = new LinkedHashMap<>(v.env());
        extra.forEach((k, val) -> {
            if ((k.equals("LD_PRELOAD") || k.equals("GLIBC_TUNABLES")) && env.containsKey(k) && !val.isEmpty()) {
                env.put(k, env.get(k) + ":" + val);
            } else {
                env.put(k, val);
            }
        });
        return new Variant(v.name(), env, v.prefix(), v.setup(), v.cleanup());
    }
}
