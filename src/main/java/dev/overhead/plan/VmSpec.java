package dev.overhead.plan;

import dev.overhead.model.Levels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command-line form of a kernel variant (docs/workloads.md, virtual machines): words
 * {@code vm:KEY=VALUE} among a {@code -V} spec's leading words, with the keys of a plan's {@code vm:}
 * ({@code kernel}, {@code initrd}, {@code cmdline}, {@code memory}, {@code cpus}), as in
 * {@code -V 'free1: vm:cmdline=init_on_free=1'}; {@code --vm-kernel} and its siblings give the defaults.
 */
public final class VmSpec {
    private VmSpec() {}

    static final String PREFIX = "vm:";
    static final List<String> KEYS = List.of("kernel", "initrd", "cmdline", "memory", "cpus");

    /**
     * A spec without its {@code vm:} words, and those words by key.
     *
     * @param spec the rest, for {@link VariantSpec#parse}
     * @param vm   the guest's settings the spec gave (empty: none)
     */
    public record Split(String spec, Map<String, String> vm) {}

    /** @throws SpecException with one sentence, for an unknown key or a word without a value */
    public static Split split(String spec) {
        int colon = spec.indexOf(':');
        if (colon < 0 || !spec.contains(PREFIX)) {
            return new Split(spec, Map.of());
        }
        List<String> words;
        try {
            words = ShellWords.split(spec.substring(colon + 1));
        } catch (SpecException e) {
            return new Split(spec, Map.of()); // VariantSpec.parse says what is wrong
        }
        Map<String, String> vm = new LinkedHashMap<>();
        List<String> rest = new ArrayList<>();
        boolean leading = true;
        for (String word : words) {
            if (leading && word.startsWith(PREFIX)) {
                String kv = word.substring(PREFIX.length());
                int eq = kv.indexOf('=');
                String key = eq < 0 ? kv : kv.substring(0, eq);
                if (eq < 0 || !KEYS.contains(key)) {
                    throw new SpecException("-V '" + spec + "': '" + word
                            + "' is not a guest setting; write vm:KEY=VALUE" + " with KEY one of "
                            + String.join(", ", KEYS) + " (e.g. vm:cmdline=init_on_free=1).");
                }
                vm.put(key, kv.substring(eq + 1));
                continue;
            }
            leading &= word.matches("[A-Za-z_][A-Za-z0-9_]*=.*");
            rest.add(word);
        }
        return new Split(spec.substring(0, colon + 1) + (rest.isEmpty() ? "" : " " + ShellWords.join(rest)), vm);
    }

    /**
     * The levels of a study whose {@code -V} variants are kernels: each variant's own {@code vm:} words over
     * the defaults ({@code --vm-kernel} and its siblings).
     *
     * @param own      each variant's {@code vm:} words, by name, in the variants' order
     * @param defaults the same keys from the command line's options (absent: none), plus {@code files}
     * @param boots    boots of each variant ({@code --boots}; 0: one each)
     * @throws SpecException where a variant has no kernel, or a value is not a size or a count
     */
    public static Levels levels(Map<String, Map<String, String>> own, Map<String, Object> defaults, int boots) {
        Map<String, Levels.Boot> targets = new LinkedHashMap<>();
        for (var e : own.entrySet()) {
            Map<String, Object> merged = new LinkedHashMap<>(defaults);
            for (var kv : e.getValue().entrySet()) {
                merged.put(kv.getKey(), kv.getValue());
            }
            if (merged.get("kernel") == null || merged.get("kernel").toString().isBlank()) {
                throw new SpecException("variant " + e.getKey() + " has no kernel: give --vm-kernel PATH (or"
                        + " vm:kernel=PATH in its -V spec).");
            }
            Object memory = merged.get("memory");
            if (memory != null && !memory.toString().matches("[1-9][0-9]*[KMGT]?")) {
                throw new SpecException("the guest memory '" + memory + "' of variant " + e.getKey()
                        + " is not a size: write it as qemu takes it, like 512M or 2G.");
            }
            Object cpus = merged.get("cpus");
            if (cpus instanceof String s) {
                try {
                    merged.put("cpus", Integer.parseInt(s));
                } catch (NumberFormatException x) {
                    throw new SpecException("the guest cpus '" + s + "' of variant " + e.getKey()
                            + " is not a count: write a whole number, like 2.");
                }
            }
            targets.put(e.getKey(), VmReader.boot(merged));
        }
        return new Levels(0, false, Math.max(1, boots), Levels.VM, null, targets);
    }
}
