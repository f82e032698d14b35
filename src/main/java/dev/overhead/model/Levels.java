package dev.overhead.model;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A study's outer levels (plan {@code levels: {build: N, boot: N}}, {@code boot: {switch,
 * identify}} and each variant's {@code boot: {kernel, initrd, cmdline}}, docs/workloads.md), part
 * of its {@link StudySettings}, so that {@code resume}, {@code report} and {@code compare} read the
 * design from the settings record. The directories the builds were made in are not settings but
 * what building produced; they stay in each building variant's environment ({@value #BUILD_DIRS},
 * colon-separated, build 1 first), beside the build command and its first directory.
 *
 * @param builds       builds of each variant that builds (0: builds are not a level)
 * @param shuffleLinks each build links its objects in another order ({@code link_order: shuffle})
 * @param boots        boots of each variant (0: boots are not a level)
 * @param bootSwitch   the command that starts the next variant ({@code boot.switch}, presets
 *                     expanded); null without boots
 * @param identify     the command that names the running variant; null: match kernel and cmdline
 * @param targets      each variant's kernel, initrd and cmdline, by variant name
 */
public record Levels(
        int builds, boolean shuffleLinks, int boots, String bootSwitch, String identify, Map<String, Boot> targets) {

    /** No outer level: the runs are the units (every study before levels, and most after). */
    public static final Levels NONE = new Levels(0, false, 0, null, null, Map.of());

    public static final String BUILD_DIRS = "OVERHEAD_BUILD_DIRS";

    /** The build command in a variant's environment: only such variants are built (run.VariantBuilds). */
    static final String BUILD = "OVERHEAD_BUILD";

    /**
     * The {@link #bootSwitch} of a study whose variants are kernels booted under qemu (plan {@code vm:},
     * docs/workloads.md, package {@code dev.overhead.vm}): overhead starts each boot itself.
     */
    public static final String VM = "vm";

    /**
     * What a variant boots.
     *
     * @param memory the guest's memory in qemu's words ({@code 512M}; "" for the default), virtual machines only
     * @param cpus   the guest's processors (0 for the default), virtual machines only
     * @param files  files and folders put into the guest at the same path, virtual machines only
     */
    public record Boot(String kernel, String initrd, String cmdline, String memory, int cpus, List<String> files) {
        public static final Boot NONE = new Boot("", "", "");

        public Boot {
            kernel = kernel == null ? "" : kernel;
            initrd = initrd == null ? "" : initrd;
            cmdline = cmdline == null ? "" : cmdline;
            memory = memory == null ? "" : memory;
            cpus = Math.max(0, cpus);
            files = files == null ? List.of() : List.copyOf(files);
        }

        /** A kernel booted on the machine itself (kexec, grub): no guest settings. */
        public Boot(String kernel, String initrd, String cmdline) {
            this(kernel, initrd, cmdline, "", 0, List.of());
        }

        /**
         * Whether it names nothing ({@link #NONE}). Not {@code equals(NONE)}: a record's equals is bootstrapped
         * at its first call, which {@code report} of a stored study paid for this test alone.
         */
        public boolean isNone() {
            return kernel.isEmpty() && initrd.isEmpty() && cmdline.isEmpty();
        }
    }

    public Levels {
        targets = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(targets));
    }

    /** Whether the variants are kernels that overhead boots in virtual machines (plan {@code vm:}). */
    public boolean vm() {
        return VM.equals(bootSwitch);
    }

    /** Whether the study has an outer level at all. */
    public boolean any() {
        return builds > 0 || boots > 0;
    }

    /** How many builds the variant gets (0: it does not build, or builds are not a level). */
    public int builds(Variant v) {
        return v.env().containsKey(BUILD) ? builds : 0;
    }

    /**
     * The build a run measures: builds take turns by round (round r runs build r mod N + 1), so each
     * build gets the same share of runs and none is measured only early or late in the study. Null
     * where builds are not a level of the variant.
     */
    public Integer buildOf(Variant v, int round) {
        int n = builds(v);
        return n == 0 ? null : Math.floorMod(round, n) + 1;
    }

    /** The variant's kernel, initrd and cmdline (all empty where the plan gave none). */
    public Boot target(String variant) {
        return targets.getOrDefault(variant, Boot.NONE);
    }

    /** The build directories, build 1 first (empty before the builds ran). */
    public static List<String> buildDirs(Variant v) {
        String dirs = v.env().get(BUILD_DIRS);
        return dirs == null || dirs.isEmpty() ? List.of() : Arrays.asList(dirs.split(":"));
    }

    /**
     * The settings of a study stored before levels were settings, when they rode in every variant's
     * environment (OVERHEAD_BUILDS, OVERHEAD_LINK_ORDER, OVERHEAD_BOOTS, OVERHEAD_BOOT_SWITCH,
     * OVERHEAD_BOOT_IDENTIFY, OVERHEAD_BOOT_KERNEL/INITRD/CMDLINE): its levels read from there.
     * The environments are left as they were, so that a resumed study runs its commands as before.
     * Settings that already have levels, or variants without those variables, are returned as given.
     */
    public static StudySettings upgraded(StudySettings settings, List<Variant> variants) {
        if (settings.levels().any() || variants.isEmpty()) {
            return settings;
        }
        int builds = 0;
        boolean shuffle = false;
        int boots = 0;
        Map<String, Boot> targets = new LinkedHashMap<>();
        for (Variant v : variants) {
            Map<String, String> env = v.env();
            builds = Math.max(builds, count(env.get("OVERHEAD_BUILDS")));
            shuffle |= "shuffle".equals(env.get("OVERHEAD_LINK_ORDER"));
            boots = Math.max(boots, count(env.get("OVERHEAD_BOOTS")));
            Boot b = new Boot(
                    env.get("OVERHEAD_BOOT_KERNEL"), env.get("OVERHEAD_BOOT_INITRD"), env.get("OVERHEAD_BOOT_CMDLINE"));
            if (!b.isNone()) {
                targets.put(v.name(), b);
            }
        }
        if (builds == 0 && boots == 0) {
            return settings;
        }
        Map<String, String> first = variants.getFirst().env();
        return settings.toBuilder()
                .levels(new Levels(
                        builds,
                        shuffle,
                        boots,
                        boots > 0 ? first.getOrDefault("OVERHEAD_BOOT_SWITCH", "") : null,
                        boots > 0 ? first.get("OVERHEAD_BOOT_IDENTIFY") : null,
                        targets))
                .build();
    }

    private static int count(String n) {
        try {
            return n == null ? 0 : Integer.parseInt(n);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
