package dev.overhead.plan;

import dev.overhead.model.Levels;
import dev.overhead.model.Variant;
import dev.overhead.plan.YamlTree.Mapping;
import dev.overhead.plan.YamlTree.Seq;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The plan's outer levels (docs/workloads.md, levels): {@code levels: {build: N, boot: N,
 * link_order: shuffle}}, {@code boot: {switch, identify}} and each variant's {@code boot: {kernel,
 * initrd, cmdline}}, read into the study's {@link Levels} (part of its settings, where the store
 * keeps them).
 */
final class LevelsReader {
    static final List<String> LEVEL_KEYS = List.of("build", "boot", "link_order");
    static final List<String> BOOT_KEYS = List.of("switch", "identify");
    static final List<String> VARIANT_BOOT_KEYS = List.of("kernel", "initrd", "cmdline");

    /** The switch presets (docs/workloads.md): what {@code switch: kexec} and {@code switch: grub-reboot} run. */
    static final Map<String, String> SWITCH_PRESETS = Map.of(
            "kexec",
            "kexec -l {kernel} --initrd={initrd} --command-line='{cmdline}' && systemctl kexec",
            "grub-reboot",
            "grub-reboot '{variant}' && systemctl reboot");

    private final PlanNodes nodes;

    LevelsReader(PlanNodes nodes) {
        this.nodes = nodes;
    }

    Levels read(Mapping plan, List<Variant> variants) throws PlanException {
        YamlTree levelsNode = PlanNodes.optional(plan, "levels");
        YamlTree bootNode = PlanNodes.optional(plan, "boot");
        YamlTree variantsNode = PlanNodes.optional(plan, "variants");
        int builds = 0;
        int boots = 0;
        boolean shuffle = false;
        if (levelsNode != null) {
            Mapping l = nodes.mapping(levelsNode, "levels", "{build: 3} or {boot: 4}");
            nodes.onlyKnownKeys(l, "levels", LEVEL_KEYS);
            YamlTree b = PlanNodes.optional(l, "build");
            builds = b == null ? 0 : nodes.count(b, "levels.build", 1);
            YamlTree k = PlanNodes.optional(l, "boot");
            boots = k == null ? 0 : nodes.count(k, "levels.boot", 1);
            YamlTree order = PlanNodes.optional(l, "link_order");
            if (order != null) {
                String word = nodes.text(order, "levels.link_order");
                if (!word.equals("shuffle") && !word.equals("keep")) {
                    throw nodes.fail(order, "levels.link_order is '" + word + "': write shuffle or keep");
                }
                shuffle = word.equals("shuffle");
            }
            if (builds > 0 && variants.stream().noneMatch(v -> v.env().containsKey("OVERHEAD_BUILD"))) {
                throw nodes.fail(
                        b, "levels.build needs variants that build: give them build: '...' (see docs/workloads.md)");
            }
        }
        String bootSwitch = null;
        String identify = null;
        if (bootNode != null) {
            Mapping m = nodes.mapping(bootNode, "boot", "{switch: kexec, identify: 'cat /run/variant'}");
            nodes.onlyKnownKeys(m, "boot", BOOT_KEYS);
            YamlTree sw = nodes.required(m, "switch", "boot", "give the command that starts the next variant");
            String command = nodes.text(sw, "boot.switch");
            bootSwitch = SWITCH_PRESETS.getOrDefault(command, command);
            YamlTree id = PlanNodes.optional(m, "identify");
            if (id != null) {
                identify = nodes.text(id, "boot.identify");
            }
        }
        if (VmReader.present(plan)) { // vm: overhead boots the variants itself, once each without levels.boot
            if (bootNode != null) {
                throw nodes.fail(
                        bootNode,
                        "boot: and vm: cannot both start the variants: keep vm: for virtual machines, or boot:"
                                + " (kexec, grub-reboot) for the machine itself");
            }
            if (builds > 0) {
                throw nodes.fail(levelsNode, "levels.build cannot be combined with vm: yet; measure builds apart");
            }
            return new Levels(0, false, Math.max(1, boots), Levels.VM, null, new VmReader(nodes).read(plan, variants));
        }
        if (boots > 0 && bootNode == null) {
            throw nodes.fail(
                    levelsNode,
                    "levels.boot needs boot: {switch: ...}: how the machine starts each variant (or vm: {kernel: ...} for"
                            + " virtual machines)");
        }
        Map<String, Levels.Boot> targets = new LinkedHashMap<>();
        for (int i = 0; i < variants.size(); i++) {
            Variant v = variants.get(i);
            if (variantsNode instanceof Seq seq
                    && i < seq.items().size()
                    && seq.items().get(i) instanceof Mapping vm) {
                YamlTree vb = PlanNodes.optional(vm, "boot");
                if (vb != null) {
                    Mapping b = nodes.mapping(vb, "boot of variant '" + v.name() + "'", "{kernel: ..., cmdline: ...}");
                    nodes.onlyKnownKeys(b, "boot of variant '" + v.name() + "'", VARIANT_BOOT_KEYS);
                    targets.put(v.name(), new Levels.Boot(text(b, "kernel"), text(b, "initrd"), text(b, "cmdline")));
                }
            }
        }
        return new Levels(builds, builds > 0 && shuffle, boots, boots > 0 ? bootSwitch : null, identify, targets);
    }

    private String text(Mapping m, String key) throws PlanException {
        YamlTree n = PlanNodes.optional(m, key);
        return n == null ? null : nodes.text(n, "boot." + key);
    }
}
