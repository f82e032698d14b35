package dev.overhead.sysinfo;

import java.util.Map;

/**
 * Names for the ARM implementer and part codes of /proc/cpuinfo, which ARM kernels print instead of a
 * model name. Only common server and board cores; others keep their codes (as lscpu's table does).
 */
final class ArmParts {
    private ArmParts() {}

    private static final Map<String, String> IMPLEMENTERS = Map.of(
            "0x41",
            "ARM",
            "0x42",
            "Broadcom",
            "0x43",
            "Cavium",
            "0x46",
            "Fujitsu",
            "0x48",
            "HiSilicon",
            "0x4e",
            "NVIDIA",
            "0x51",
            "Qualcomm",
            "0x61",
            "Apple",
            "0xc0",
            "Ampere");

    private static final Map<String, String> ARM_PARTS = Map.ofEntries(
            Map.entry("0xd03", "Cortex-A53"),
            Map.entry("0xd04", "Cortex-A35"),
            Map.entry("0xd05", "Cortex-A55"),
            Map.entry("0xd07", "Cortex-A57"),
            Map.entry("0xd08", "Cortex-A72"),
            Map.entry("0xd09", "Cortex-A73"),
            Map.entry("0xd0a", "Cortex-A75"),
            Map.entry("0xd0b", "Cortex-A76"),
            Map.entry("0xd0c", "Neoverse-N1"),
            Map.entry("0xd0d", "Cortex-A77"),
            Map.entry("0xd40", "Neoverse-V1"),
            Map.entry("0xd41", "Cortex-A78"),
            Map.entry("0xd49", "Neoverse-N2"),
            Map.entry("0xd4f", "Neoverse-V2"),
            Map.entry("0xd8e", "Neoverse-N3"));

    static String implementer(String code) {
        return IMPLEMENTERS.getOrDefault(code.toLowerCase(java.util.Locale.ROOT), code);
    }

    static String name(String implementer, String part) {
        String vendor = implementer(implementer);
        String core = "0x41".equalsIgnoreCase(implementer)
                ? ARM_PARTS.getOrDefault(part.toLowerCase(java.util.Locale.ROOT), "part " + part)
                : "part " + part;
        return vendor + " " + core;
    }
}
