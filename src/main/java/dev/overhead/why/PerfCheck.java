package dev.overhead.why;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether perf can record here, and with what: the event (cycles where the CPU has hardware
 * counters, else cpu-clock, which a VM without them still samples), whether the kernel may be
 * sampled, and which tool counts system calls. Each answer comes from trying it once on
 * {@code true}, not from guessing from the machine.
 *
 * @param refusal   one sentence saying what to install or set; empty when perf can record
 * @param event     the event to record
 * @param notes     what the choice leaves out, for the report
 */
public record PerfCheck(Optional<String> refusal, String event, SyscallTool syscalls, List<String> notes) {

    /** Probes this machine. {@code wantedSyscalls} null: the best that works. */
    public static PerfCheck probe(Path scratch, String wantedEvent, SyscallTool wantedSyscalls) {
        List<String> notes = new ArrayList<>();
        long paranoid = paranoid();
        boolean root = Tools.root();
        Optional<String> refusal = refusal(Tools.onPath("perf"), paranoid, root);
        if (refusal.isPresent()) {
            return refuse(refusal.get());
        }
        String suffix = !root && paranoid >= 2 ? ":u" : "";
        if (!suffix.isEmpty()) {
            notes.add("kernel.perf_event_paranoid is " + paranoid + ", so only user code is sampled; set it to 1"
                    + " (sudo sysctl kernel.perf_event_paranoid=1) to see the kernel's share too");
        }
        String event;
        if (wantedEvent != null) {
            event = wantedEvent;
        } else {
            // perf falls back to cpu-clock by itself where cycles cannot be counted: ask what it recorded
            event = Tools.succeeds(record(scratch, "cycles" + suffix))
                    ? recorded(scratch).orElse("cpu-clock" + suffix)
                    : "cpu-clock" + suffix;
        }
        Tools.Result probe = Tools.run(record(scratch, event));
        if (probe.code() != 0) {
            return refuse("perf cannot record " + event + " here (" + probe.lastLine()
                    + "): check that the perf package matches the running kernel, or name another event with"
                    + " --event.");
        }
        SyscallTool tool = wantedSyscalls;
        if (tool == null) {
            if (Tools.succeeds(List.of(
                    "perf", "trace", "-s", "-o", scratch.resolve("probe.trace").toString(), "--", "true"))) {
                tool = SyscallTool.PERF_TRACE;
            } else if (Tools.onPath("strace")) {
                tool = SyscallTool.STRACE;
            } else {
                tool = SyscallTool.NONE;
                notes.add("system calls were not counted: perf trace cannot trace here and strace is not installed"
                        + " (apt-get install strace)");
            }
        }
        cleanup(scratch);
        return new PerfCheck(Optional.empty(), event, tool, notes);
    }

    /** The sentence that stops {@code why} before anything runs, from what the machine has. */
    static Optional<String> refusal(boolean perfOnPath, long paranoid, boolean root) {
        if (!perfOnPath) {
            return Optional.of("perf is not installed: install it (apt-get install linux-perf on Debian,"
                    + " linux-tools-$(uname -r) on Ubuntu, perf on Fedora) and run overhead why again.");
        }
        if (!root && paranoid > 2) {
            return Optional.of("kernel.perf_event_paranoid is " + paranoid + " here, which stops perf from"
                    + " recording: set it to 2 or lower (sudo sysctl kernel.perf_event_paranoid=2) or run overhead"
                    + " why as root.");
        }
        return Optional.empty();
    }

    private static List<String> record(Path scratch, String event) {
        return List.of(
                "perf",
                "record",
                "-q",
                "-e",
                event,
                "-o",
                scratch.resolve("probe.data").toString(),
                "--",
                "true");
    }

    /** The event perf wrote into the probe's file, as {@code perf evlist} names it. */
    private static Optional<String> recorded(Path scratch) {
        Tools.Result r = Tools.run(
                List.of("perf", "evlist", "-i", scratch.resolve("probe.data").toString()));
        String first = r.output().strip().split("\n")[0].strip();
        return r.code() == 0 && first.matches("[\\w:.\\-/]+") ? Optional.of(first) : Optional.empty();
    }

    private static PerfCheck refuse(String sentence) {
        return new PerfCheck(Optional.of(sentence), "", SyscallTool.NONE, List.of());
    }

    private static long paranoid() {
        try {
            return Long.parseLong(dev.overhead.exec.KernelFiles.sysctl("kernel/perf_event_paranoid")
                    .orElse("2")); // the kernel's default
        } catch (NumberFormatException e) {
            return 2;
        }
    }

    private static void cleanup(Path scratch) {
        for (String f : List.of("probe.data", "probe.data.old", "probe.trace")) {
            try {
                Files.deleteIfExists(scratch.resolve(f));
            } catch (IOException e) {
                // a probe file left behind costs nothing
            }
        }
    }
}
