package dev.overhead.cli;

import dev.overhead.study.UserError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code run}'s options for kernel variants booted under qemu (docs/workloads.md, virtual machines). */
final class VmOptions {
    @Option(
            names = "--vm-kernel",
            paramLabel = "PATH",
            description = "Boot each -V variant as this kernel under qemu, the workload inside the guest; a variant's"
                    + " vm:KEY=VALUE words (vm:cmdline=init_on_free=1) set its own kernel, cmdline, memory, cpus.")
    Path kernel;

    @Option(names = "--vm-memory", paramLabel = "SIZE", description = "The guests' memory (default 512M).")
    String memory;

    @Option(names = "--vm-cpus", paramLabel = "N", description = "The guests' processors (default 1).")
    Integer cpus;

    @Option(
            names = "--vm-file",
            paramLabel = "PATH",
            description = "A file or folder the workload needs, put into the guest at the same path (repeat).")
    List<Path> files = new ArrayList<>();

    @Option(
            names = "--boots",
            paramLabel = "N",
            description = "Boot each kernel variant N times, in a balanced random order (plan levels: {boot: N}).")
    Integer boots;

    /** The defaults the options give, by the keys of a plan's {@code vm:}. */
    Map<String, Object> defaults() {
        Map<String, Object> d = new LinkedHashMap<>();
        if (kernel != null) {
            d.put("kernel", kernel.toString());
        }
        if (memory != null) {
            d.put("memory", memory);
        }
        if (cpus != null) {
            if (cpus < 1) {
                throw UserError.usage("--vm-cpus must be at least 1");
            }
            d.put("cpus", cpus);
        }
        if (!files.isEmpty()) {
            d.put(
                    "files",
                    files.stream().map(p -> p.toAbsolutePath().toString()).toList());
        }
        return d;
    }

    /** Whether any option was given (then every -V variant is a kernel). */
    boolean any() {
        return kernel != null || memory != null || cpus != null || !files.isEmpty() || boots != null;
    }
}
