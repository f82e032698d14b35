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
        return toBuilder().keepGroup(true).build();
    }

    /** This request, measuring the whole process tree where a cgroup can be made for it. */
    public ExecRequest withTree() {
        return toBuilder().tree(true).build();
    }

    /** The command alone: the harness's environment, output discarded, no timeout, nothing else asked. */
    public static ExecRequest of(List<String> argv) {
        return builder(argv).build();
    }

    /** A request for {@code argv}, to be set up field by field from {@link #of}'s defaults. */
    public static Builder builder(List<String> argv) {
        return new Builder(argv);
    }

    /** A builder that starts from this request: the one path by which a request is copied with a change. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** A request in the making; each setter names a component of {@link ExecRequest}. */
    public static final class Builder {
        private final List<String> argv;
        private Map<String, String> env;
        private Path workDir;
        private Duration timeout;
        private OutputPolicy output;
        private int captureBytes;
        private List<Integer> cpus;
        private Integer nice;
        private boolean noAslr;
        private boolean counters;
        private boolean keepGroup;
        private boolean tree;

        private Builder(List<String> argv) {
            this.argv = argv;
            env = Map.of();
            output = new OutputPolicy.Discard();
            cpus = List.of();
        }

        private Builder(ExecRequest r) {
            argv = r.argv;
            env = r.env;
            workDir = r.workDir;
            timeout = r.timeout;
            output = r.output;
            captureBytes = r.captureBytes;
            cpus = r.cpus;
            nice = r.nice;
            noAslr = r.noAslr;
            counters = r.counters;
            keepGroup = r.keepGroup;
            tree = r.tree;
        }

        public ExecRequest build() {
            return new ExecRequest(
                    argv, env, workDir, timeout, output, captureBytes, cpus, nice, noAslr, counters, keepGroup, tree);
        }

        public Builder env(Map<String, String> value) {
            env = value;
            return this;
        }

        public Builder workDir(Path value) {
            workDir = value;
            return this;
        }

        public Builder timeout(Duration value) {
            timeout = value;
            return this;
        }

        public Builder output(OutputPolicy value) {
            output = value;
            return this;
        }

        public Builder captureBytes(int value) {
            captureBytes = value;
            return this;
        }

        public Builder cpus(List<Integer> value) {
            cpus = value;
            return this;
        }

        public Builder nice(Integer value) {
            nice = value;
            return this;
        }

        public Builder noAslr(boolean value) {
            noAslr = value;
            return this;
        }

        public Builder counters(boolean value) {
            counters = value;
            return this;
        }

        public Builder keepGroup(boolean value) {
            keepGroup = value;
            return this;
        }

        public Builder tree(boolean value) {
            tree = value;
            return this;
        }
    }
}
