package dev.overhead.why;

import dev.overhead.exec.ExecException;
import dev.overhead.exec.ExecRequest;
import dev.overhead.exec.ExecResult;
import dev.overhead.exec.Executor;
import dev.overhead.exec.OutputPolicy;
import dev.overhead.exec.Unmeasured;
import dev.overhead.model.RunOrder;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.run.Scheduler;
import dev.overhead.run.Scratch;
import dev.overhead.run.VariantBuilds;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Profiles every variant of one workload over interleaved rounds: each round runs each variant once
 * under {@code perf record} (in the study's order, randomized by default) and, where system calls
 * are counted, once more under the syscall tool. Each perf.data file is read with {@code perf script}
 * as soon as it is written, and kept.
 */
public final class Profiler {

    /**
     * @param callGraph {@code fp}, {@code dwarf}, {@code lbr} or {@code none}
     * @param frequency samples per second
     */
    public record Settings(
            int rounds,
            int warmup,
            String event,
            String callGraph,
            int frequency,
            SyscallTool syscalls,
            RunOrder order,
            long seed,
            Duration timeout,
            OutputPolicy output,
            List<Integer> cpus,
            Integer nice,
            boolean noAslr,
            String prepare) {}

    private final Executor executor;
    private final Settings settings;
    private final Path dir;
    private final Consumer<String> progress;

    public Profiler(Executor executor, Settings settings, Path dir, Consumer<String> progress) {
        this.executor = executor;
        this.settings = settings;
        this.dir = dir;
        this.progress = progress;
    }

    /** The runs of each variant, in the order of {@code variants}; {@code {scratch}} is a directory of its own. */
    public List<List<ProfiledRun>> profile(Workload workload, List<Variant> variants, String tag) {
        Path scratch = dir.resolve(tag + "-scratch");
        try {
            java.nio.file.Files.createDirectories(scratch);
            return profile(Scratch.resolve(workload, scratch), variants, tag, scratch);
        } catch (java.io.IOException e) {
            throw new dev.overhead.run.RunFailure(
                    "no scratch directory could be made in " + dir + ": " + e.getMessage());
        } finally {
            Scratch.remove(scratch);
        }
    }

    private List<List<ProfiledRun>> profile(Workload workload, List<Variant> variants, String tag, Path scratch) {
        List<List<ProfiledRun>> runs = new ArrayList<>();
        variants.forEach(v -> runs.add(new ArrayList<>()));
        for (Variant v : variants) {
            if (!v.setup().isEmpty()) { // a set-up may start a server on purpose: its group is left running
                execute(plainRequest(Scratch.resolve(v.setup(), scratch), v).keepingGroup(), v, "the setup");
            }
        }
        for (int i = 0; i < settings.warmup(); i++) {
            for (Variant v : variants) { // prepared as a profiled run is: a warm-up is that run, unrecorded
                prepare(workload, v);
                execute(measured(command(workload, v), v.env()), v, "a warm-up run");
            }
        }
        Scheduler scheduler = new Scheduler(
                settings.order() == RunOrder.BLOCKED ? RunOrder.INTERLEAVED : settings.order(), settings.seed());
        for (int round = 1; round <= settings.rounds(); round++) {
            for (int v : scheduler.nextRound(variants.size())) {
                Variant variant = variants.get(v);
                String stem = tag + "-" + safe(variant.name()) + "-" + round;
                progress.accept("round " + round + "/" + settings.rounds() + ": " + variant.name());
                prepare(workload, variant);
                runs.get(v).add(profileOnce(workload, variant, round, stem));
            }
        }
        for (Variant v : variants) {
            if (!v.cleanup().isEmpty()) {
                execute(plainRequest(Scratch.resolve(v.cleanup(), scratch), v), v, "the cleanup");
            }
        }
        return runs;
    }

    private ProfiledRun profileOnce(Workload workload, Variant variant, int round, String stem) {
        Path data = dir.resolve(stem + ".perf.data");
        List<String> argv = new ArrayList<>(List.of(
                "perf",
                "record",
                "-e",
                settings.event(),
                "-F",
                Integer.toString(settings.frequency()),
                "-q",
                "-o",
                data.toString()));
        if (!settings.callGraph().equals("none")) {
            argv.addAll(List.of("--call-graph", settings.callGraph()));
        }
        argv.add("--");
        argv.addAll(underEnv(workload, variant));
        ExecResult r = execute(plain(argv), variant, "a profiled run");
        RunProfile profile = script(data);
        Map<String, Syscalls.Stat> calls = switch (settings.syscalls()) {
            case NONE -> null;
            case PERF_TRACE -> traced(workload, variant, stem, List.of("perf", "trace", "-s", "-o"), true);
            case STRACE -> traced(workload, variant, stem, List.of("strace", "-f", "-c", "-o"), false);
        };
        return new ProfiledRun(round, r.wallS(), profile, calls, data.toString());
    }

    private Map<String, Syscalls.Stat> traced(
            Workload workload, Variant variant, String stem, List<String> tool, boolean perf) {
        Path out = dir.resolve(stem + (perf ? ".perf-trace.txt" : ".strace.txt"));
        List<String> argv = new ArrayList<>(tool);
        argv.add(out.toString());
        argv.add("--");
        argv.addAll(underEnv(workload, variant));
        ExecResult r = run(plain(argv));
        try (BufferedReader in = Files.newBufferedReader(out, StandardCharsets.UTF_8)) {
            Map<String, Syscalls.Stat> m = perf ? Syscalls.perfTrace(in) : Syscalls.strace(in);
            // strace under a variant that is itself traced cannot attach: no counts, not zero counts
            return r.exitCode() != 0 && m.isEmpty() ? null : m;
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
    }

    /** Reads one perf.data file through perf script, streaming. */
    RunProfile script(Path data) {
        Unmeasured command = Unmeasured.of("perf", "script", "-i", data.toString(), "-F", PerfScript.FIELDS)
                .stdout(Unmeasured.Output.STREAM)
                .stderr(Unmeasured.Output.DISCARD);
        try (Unmeasured.Running perf = command.start()) {
            RunProfile profile;
            try (BufferedReader in = new BufferedReader(new InputStreamReader(perf.stdout(), StandardCharsets.UTF_8))) {
                profile = PerfScript.read(in);
            }
            Unmeasured.Result r = perf.await(java.time.Duration.ofMinutes(10));
            if (r.exitCode() != 0 && profile.samples() == 0) {
                throw new WhyException("perf script could not read " + data + " (exit code " + r.exitCode()
                        + "); run 'perf script -i " + data + "' to see why.");
            }
            return profile;
        } catch (Unmeasured.NotStarted e) {
            throw new WhyException(e.getMessage() + "; install perf (apt-get install linux-perf).", e);
        } catch (IOException e) {
            throw new WhyException("perf script's output could not be read: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WhyException("interrupted while reading " + data, e);
        }
    }

    /** The workload's and the study's prepare commands, before every profiled run, not profiled. */
    private void prepare(Workload workload, Variant variant) {
        if (!workload.prepare().isEmpty()) {
            execute(plainRequest(VariantBuilds.resolve(workload.prepare(), variant), variant), variant, "a prepare");
        }
        if (settings.prepare() != null) {
            execute(plainRequest(List.of("/bin/sh", "-c", settings.prepare()), variant), variant, "a prepare");
        }
    }

    private static ExecRequest plainRequest(List<String> argv, Variant variant) {
        return ExecRequest.builder(argv).env(variant.env()).build();
    }

    private ExecRequest plain(List<String> argv) {
        return measured(argv, Map.of());
    }

    /** A profiled run: pinned, niced and without ASLR as the study asks, so it is profiled as it is measured. */
    private ExecRequest measured(List<String> argv, Map<String, String> env) {
        return ExecRequest.builder(argv)
                .env(env)
                .timeout(settings.timeout())
                .output(settings.output())
                .cpus(settings.cpus())
                .nice(settings.nice())
                .noAslr(settings.noAslr())
                .build();
    }

    private ExecResult execute(ExecRequest request, Variant variant, String what) {
        ExecResult r = run(request);
        if (r.exitCode() != 0) {
            throw new WhyException("'" + String.join(" ", request.argv()) + "' exited with code " + r.exitCode()
                    + " in " + what + " of variant " + variant.name() + tail(r.stderrTail())
                    + "; fix the command (overhead why needs runs that succeed).");
        }
        return r;
    }

    private ExecResult run(ExecRequest request) {
        try {
            return executor.run(request);
        } catch (ExecException e) {
            throw new WhyException(e.getMessage(), e);
        }
    }

    /**
     * The variant's command with its variables set by {@code env} inside perf, so that a preloaded
     * library or a tuning variable reaches the command and not perf itself. Every variant goes through
     * {@code env}, with or without variables, so that its start (it loads the locale) is in every
     * profile alike and never shows up as a difference.
     */
    static List<String> underEnv(Workload workload, Variant variant) {
        List<String> argv = new ArrayList<>();
        argv.add("env");
        argv.add("--"); // only before the variables: after them, env would run "--"
        variant.env().forEach((k, v) -> argv.add(k + "=" + v));
        argv.addAll(command(workload, variant));
        return argv;
    }

    /** What is measured: the variant's prefix in front of the workload's command (as {@code overhead run} does). */
    static List<String> command(Workload workload, Variant variant) {
        List<String> argv = new ArrayList<>(variant.prefix());
        List<String> command = VariantBuilds.resolve(workload.command(), variant);
        if (workload.shell()) {
            argv.addAll(List.of("/bin/sh", "-c", String.join(" ", command)));
        } else {
            argv.addAll(command);
        }
        return argv;
    }

    private static String safe(String name) {
        String s = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return s.isEmpty() ? "variant" : s;
    }

    private static String tail(String stderr) {
        if (stderr == null || stderr.isBlank()) {
            return "";
        }
        String[] lines = stderr.strip().split("\n");
        return ": " + lines[lines.length - 1].strip();
    }
}
