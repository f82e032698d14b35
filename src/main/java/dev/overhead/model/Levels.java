package dev.overhead.model;

import java.util.Arrays;
import java.util.List;

/**
 * A study's outer levels (plan {@code levels: {build: N, boot: N}}, docs/workloads.md). They ride
 * in each variant's environment, as the build command and directory already do, so the store keeps
 * them with the variant and {@code resume} finds them without a plan: {@value #BUILDS} builds of
 * the variant, their directories in {@value #BUILD_DIRS} (colon-separated, build 1 first),
 * {@value #BOOTS} boots, and the boot commands and the variant's kernel.
 */
public final class Levels {
    private Levels() {}

    public static final String BUILDS = "OVERHEAD_BUILDS";
    public static final String BUILD_DIRS = "OVERHEAD_BUILD_DIRS";
    public static final String LINK_ORDER = "OVERHEAD_LINK_ORDER";
    public static final String BOOTS = "OVERHEAD_BOOTS";
    public static final String SWITCH = "OVERHEAD_BOOT_SWITCH";
    public static final String IDENTIFY = "OVERHEAD_BOOT_IDENTIFY";
    public static final String KERNEL = "OVERHEAD_BOOT_KERNEL";
    public static final String INITRD = "OVERHEAD_BOOT_INITRD";
    public static final String CMDLINE = "OVERHEAD_BOOT_CMDLINE";

    /** How many builds the variant gets (0: builds are not a level of its study). */
    public static int builds(Variant v) {
        return count(v, BUILDS);
    }

    /** How many boots each variant gets (0: boots are not a level of its study). */
    public static int boots(Variant v) {
        return count(v, BOOTS);
    }

    /** The build directories, build 1 first (empty before the builds ran). */
    public static List<String> buildDirs(Variant v) {
        String dirs = v.env().get(BUILD_DIRS);
        return dirs == null || dirs.isEmpty() ? List.of() : Arrays.asList(dirs.split(":"));
    }

    /**
     * The build a run measures: builds take turns by round (round r runs build r mod N + 1), so each
     * build gets the same share of runs and none is measured only early or late in the study. Null
     * where builds are not a level.
     */
    public static Integer buildOf(Variant v, int round) {
        int n = builds(v);
        return n == 0 ? null : Math.floorMod(round, n) + 1;
    }

    private static int count(Variant v, String key) {
        String n = v.env().get(key);
        try {
            return n == null ? 0 : Integer.parseInt(n);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
