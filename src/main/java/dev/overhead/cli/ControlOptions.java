package dev.overhead.cli;

import dev.overhead.study.UserError;
import dev.overhead.sysinfo.ControlException;
import dev.overhead.sysinfo.Controls;
import java.util.List;
import picocli.CommandLine.Option;

/** Opt-in controls of the machine, each recorded with the study. */
final class ControlOptions {
    @Option(
            names = "--pin",
            paramLabel = "CPUS",
            description = "Run the measured command on these CPUs only (e.g. 1 or 0-3,6).")
    String pin;

    @Option(names = "--nice", paramLabel = "N", description = "Niceness of the measured command.")
    Integer nice;

    @Option(names = "--no-aslr", description = "Disable address-space randomisation for the command (like setarch -R).")
    boolean noAslr;

    @Option(
            names = "--randomize-layout",
            description = {
                "Vary the padding of the command's environment from round to round, so that",
                "stack-alignment effects enter the interval instead of biasing it (by default",
                "every variant's environment is padded to the same size)."
            })
    boolean randomizeLayout;

    @Option(names = "--drop-caches", description = "Drop the page cache before every run (needs root).")
    boolean dropCaches;

    List<Integer> cpus() {
        if (pin == null) {
            return List.of();
        }
        try {
            return Controls.parseCpuList(pin);
        } catch (ControlException e) {
            throw new UserError(e.usage() ? 2 : 1, e.getMessage(), e);
        }
    }

    Integer niceness() {
        if (nice == null) {
            return null;
        }
        try {
            return Controls.validateNice(nice);
        } catch (ControlException e) {
            throw new UserError(e.usage() ? 2 : 1, e.getMessage(), e);
        }
    }
}
