package dev.overhead.plan;

import dev.overhead.model.Levels;
import dev.overhead.model.Variant;
import dev.overhead.plan.YamlTree.Mapping;
import dev.overhead.plan.YamlTree.Seq;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Variants that are kernels booted under qemu (docs/workloads.md, virtual machines): the plan's
 * top-level {@code vm: {kernel, initrd, cmdline, memory, cpus, files}} gives defaults, each variant's
 * {@code vm:} the same keys, its own winning. Read into the {@link Levels.Boot} of every variant;
 * such a study's boots are started by overhead ({@link Levels#VM}).
 */
final class VmReader {
    static final List<String> KEYS = List.of("kernel", "initrd", "cmdline", "memory", "cpus", "files");
    private static final Pattern MEMORY = Pattern.compile("[1-9][0-9]*[KMGT]?");

    private final PlanNodes nodes;

    VmReader(PlanNodes nodes) {
        this.nodes = nodes;
    }

    /** Whether the plan has a {@code vm:} anywhere, at the top or in a variant. */
    static boolean present(Mapping plan) {
        if (PlanNodes.optional(plan, "vm") != null) {
            return true;
        }
        return PlanNodes.optional(plan, "variants") instanceof Seq seq
                && seq.items().stream().anyMatch(i -> i instanceof Mapping m && PlanNodes.optional(m, "vm") != null);
    }

    /** Each variant's guest, by name; every variant needs a kernel, its own or the top-level one. */
    Map<String, Levels.Boot> read(Mapping plan, List<Variant> variants) throws PlanException {
        YamlTree top = PlanNodes.optional(plan, "vm");
        Map<String, Object> defaults = top == null ? Map.of() : keys(top, "vm");
        YamlTree variantsNode = PlanNodes.optional(plan, "variants");
        Map<String, Levels.Boot> targets = new LinkedHashMap<>();
        for (int i = 0; i < variants.size(); i++) {
            Variant v = variants.get(i);
            Map<String, Object> own = Map.of();
            YamlTree at = variantsNode;
            if (variantsNode instanceof Seq seq
                    && i < seq.items().size()
                    && seq.items().get(i) instanceof Mapping vm) {
                at = vm;
                YamlTree node = PlanNodes.optional(vm, "vm");
                if (node != null) {
                    own = keys(node, "vm of variant '" + v.name() + "'");
                }
            }
            Map<String, Object> merged = new LinkedHashMap<>(defaults);
            merged.putAll(own);
            if (merged.get("kernel") == null) {
                throw nodes.fail(
                        at == null ? plan : at,
                        "variant '" + v.name() + "' has no kernel: give vm: {kernel: /boot/vmlinuz-...} at the top"
                                + " of the plan or in the variant");
            }
            targets.put(v.name(), boot(merged));
        }
        return targets;
    }

    @SuppressWarnings("unchecked")
    static Levels.Boot boot(Map<String, Object> keys) {
        return new Levels.Boot(
                (String) keys.get("kernel"),
                (String) keys.get("initrd"),
                (String) keys.get("cmdline"),
                (String) keys.get("memory"),
                keys.get("cpus") instanceof Integer n ? n : 0,
                (List<String>) keys.getOrDefault("files", List.of()));
    }

    private Map<String, Object> keys(YamlTree node, String what) throws PlanException {
        Mapping m = nodes.mapping(node, what, "{kernel: /boot/vmlinuz-..., cmdline: init_on_free=1}");
        nodes.onlyKnownKeys(m, what, KEYS);
        Map<String, Object> out = new LinkedHashMap<>();
        for (String key : List.of("kernel", "initrd", "cmdline")) {
            YamlTree n = PlanNodes.optional(m, key);
            if (n != null) {
                out.put(key, nodes.text(n, what + "." + key));
            }
        }
        YamlTree memory = PlanNodes.optional(m, "memory");
        if (memory != null) {
            String text = nodes.text(memory, what + ".memory");
            if (!MEMORY.matcher(text).matches()) {
                throw nodes.fail(
                        memory, what + ".memory is '" + text + "': write a size as qemu takes it, like 512M or 2G");
            }
            out.put("memory", text);
        }
        YamlTree cpus = PlanNodes.optional(m, "cpus");
        if (cpus != null) {
            out.put("cpus", nodes.count(cpus, what + ".cpus", 1));
        }
        YamlTree files = PlanNodes.optional(m, "files");
        if (files != null) {
            List<String> paths = new ArrayList<>();
            if (!(files instanceof Seq seq)) {
                throw nodes.fail(files, what + ".files is a list of paths: files: [/usr/share/dict/words]");
            }
            for (YamlTree item : seq.items()) {
                String path = nodes.text(item, what + ".files");
                if (!path.startsWith("/")) {
                    throw nodes.fail(
                            item,
                            what + ".files names '" + path + "': give absolute paths, they are put"
                                    + " into the guest at the same place");
                }
                paths.add(path);
            }
            out.put("files", paths);
        }
        return out;
    }
}
