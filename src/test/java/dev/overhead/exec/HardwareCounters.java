package dev.overhead.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/** What perf (the outside reference) says about this machine's hardware counters. */
public final class HardwareCounters {
    private HardwareCounters() {}

    /** Whether perf is installed. */
    public static boolean perfInstalled() {
        return Files.isExecutable(Path.of("/usr/bin/perf"));
    }

    /** Whether {@code perf stat -e instructions:u true} counts instructions here. */
    public static boolean available() {
        return perfInstalled() && perfStat("instructions:u", List.of("true")).isPresent();
    }

    /**
     * The count perf stat gives for {@code event} over {@code argv}, or empty when perf reports the
     * event as not supported or not counted. In CSV mode ({@code -x,}) the first field is the count.
     */
    static OptionalDouble perfStat(String event, List<String> argv) {
        List<String> cmd = new ArrayList<>(List.of("perf", "stat", "-x,", "-e", event, "--"));
        cmd.addAll(argv);
        try {
            Process p = new ProcessBuilder(cmd)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) return OptionalDouble.empty();
            for (String line : err.split("\n")) {
                String[] f = line.split(",");
                if (f.length > 2 && f[2].startsWith(event.replaceFirst(":.*", ""))) {
                    try {
                        return OptionalDouble.of(Double.parseDouble(f[0]));
                    } catch (NumberFormatException e) {
                        return OptionalDouble.empty(); // <not supported> or <not counted>
                    }
                }
            }
            return OptionalDouble.empty();
        } catch (IOException e) {
            return OptionalDouble.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalDouble.empty();
        }
    }

    /** The helper's rule (overhead-counters.c): kernel counted too when paranoid <= 1 or as root. */
    static boolean kernelCounted() {
        try {
            int level = Integer.parseInt(
                    KernelFiles.sysctl("kernel/perf_event_paranoid").orElse("2"));
            boolean root = Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .anyMatch(l -> l.matches("Uid:\\s+\\d+\\s+0\\s.*")); // the effective uid
            return level <= 1 || root;
        } catch (IOException | NumberFormatException e) {
            return false;
        }
    }
}
