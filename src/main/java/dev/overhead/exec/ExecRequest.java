package dev.overhead.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One command to run and measure.
 *
 * @param argv         the command, executed directly (a shell, if wanted, is part of argv)
 * @param env          variables set on top of the harness's environment, directly (no {@code env} process)
 * @param workDir      working directory, null for the harness's own
 * @param timeout      kill the process group after this long; null for none
 * @param output       where stdout/stderr go
 * @param captureBytes how many of the last bytes of stdout and of stderr to return (0: only a stderr tail)
 * @param cpus         CPUs the command may run on ({@code --pin}); empty for no restriction
 * @param nice         niceness to set in the child; null to leave it
 * @param noAslr       run with personality ADDR_NO_RANDOMIZE (like {@code setarch -R})
 * @param counters     count the command's instructions and cycles where the CPU exposes them
 *                     ({@link ExecResult#counters})
 * @param keepGroup    leave running what the command started in the background, instead of killing
 *                     what remains of its process group when it ends: for set-up commands that
 *                     start a server on purpose, never for measured runs
 */
public record ExecRequest(
        List<String> argv,
        Map<String, String> env,
        Path workDir,
        Duration timeout,
        OutputPolicy output,
        int captureBytes,
        List<Integer> cpus,
        Integer nice,
        boolean noAslr,
        boolean counters,
        boolean keepGroup,
        boolean tree) {

    /** A request without the process tree's figures. */
    public ExecRequest(
            List<String> argv,
            Map<String, String> env,
            Path workDir,
            Duration timeout,
            OutputPolicy output,
            int captureBytes,
            List<Integer> cpus,
            Integer nice,
            boolean noAslr,
            boolean counters,
            boolean keepGroup) {
        this(argv, env, workDir, timeout, output, captureBytes, cpus, nice, noAslr, counters, keepGroup, false);
    }

    /** A request whose leftovers are killed when it ends. */
    public ExecRequest(
            List<String> argv,
            Map<String, String> env,
            Path workDir,
            Duration timeout,
            OutputPolicy output,
            int captureBytes,
            List<Integer> cpus,
            Integer nice,
            boolean noAslr,
            boolean counters) {
        this(argv, env, workDir, timeout, output, captureBytes, cpus, nice, noAslr, counters, false);
    }

    /** A request without counters. */
    public ExecRequest(
            List<String> argv,
            Map<String, String> env,
            Path workDir,
            Duration timeout,
            OutputPolicy output,
            int captureBytes,
            List<Integer> cpus,
            Integer nice,
            boolean noAslr) {
        this(argv, env, workDir, timeout, output, captureBytes, cpus, nice, noAslr, false);
    }

    public ExecRequest {
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
        cpus = List.copyOf(cpus);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("empty command");
        }
    }

    /** This request, leaving what the command starts in the background running. */
    public ExecRequest keepingGroup() {
        return new ExecRequest(
                argv, env, workDir, timeout, output, captureBytes, cpus, nice, noAslr, counters, true, tree);
    }

    /** This request, measuring the whole process tree where a cgroup can be made for it. */
    public ExecRequest withTree() {
        return new ExecRequest(
                argv, env, workDir, timeout, output, captureBytes, cpus, nice, noAslr, counters, keepGroup, true);
    }

    public static ExecRequest of(List<String> argv) {
        return new ExecRequest(argv, Map.of(), null, null, new OutputPolicy.Discard(), 0, List.of(), null, false);
    }
}
