package dev.overhead.exec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/** One sentence for a command that could not be started, saying which step failed and what to do. */
final class StartErrors {
    static final int ENOENT = 2;
    static final int EACCES = 13;
    static final int EPERM = 1;

    private StartErrors() {}

    /** The helper's stages where nothing was started for want of a resource, which may pass. */
    static boolean isShortage(String stage) {
        return stage.equals("memory") || stage.equals("pipe") || stage.equals("fork");
    }

    static ExecException of(String stage, int errno, String reason, ExecRequest request) {
        String cmd = request.argv().getFirst();
        String message = switch (stage) {
            case "exec" ->
                switch (errno) {
                    case ENOENT -> notFound(request);
                    case EACCES ->
                        "command not executable: " + cmd
                                + " (permission denied; is it a directory or missing chmod +x?)";
                    default -> "cannot run " + cmd + ": " + reason;
                };
            case "chdir" -> "cannot change to directory " + request.workDir() + " to run " + cmd + ": " + reason;
            case "nice" ->
                "cannot set niceness " + request.nice() + " for " + cmd + ": " + reason
                        + (errno == EACCES || errno == EPERM ? " (negative niceness needs root)" : "");
            case "affinity" ->
                "cannot pin " + cmd + " to CPUs " + request.cpus() + ": " + reason
                        + " (check the CPU numbers against nproc)";
            case "personality" -> "cannot disable address randomization for " + cmd + ": " + reason;
            case "output file" ->
                "cannot open the output file " + (request.output() instanceof OutputPolicy.ToFile(var f) ? f : "")
                        + ": " + reason;
            case "memory", "pipe", "fork" ->
                "cannot start " + cmd + ": the system refused a new " + (stage.equals("memory") ? "allocation" : stage)
                        + " (" + reason + ") several times; close what holds descriptors or processes, or raise"
                        + " the limit (ulimit -n, ulimit -u), and try again";
            case "poll" ->
                "the forking helper could not wait for " + cmd + " (poll: " + reason
                        + "); that run was killed and not measured";
            default -> "cannot start " + cmd + " (" + stage + "): " + reason;
        };
        return new ExecException(message);
    }

    /**
     * ENOENT from exec: the command itself, or what the kernel needs to start it. A script whose
     * {@code #!} interpreter is missing gives the same errno as a missing script, so the file is
     * looked at to tell them apart.
     */
    private static String notFound(ExecRequest request) {
        String cmd = request.argv().getFirst();
        Optional<Path> file = locate(request);
        if (file.isEmpty()) {
            return "command not found: " + cmd + " (check the spelling, or PATH)";
        }
        byte[] head = head(file.get());
        if (head.length > 2 && head[0] == '#' && head[1] == '!') {
            String line = new String(head, 2, head.length - 2, StandardCharsets.UTF_8)
                    .lines()
                    .findFirst()
                    .orElse("")
                    .strip();
            String interpreter = line.split("\\s+", 2)[0];
            return "the interpreter " + interpreter + " named on the #! line of " + cmd
                    + " was not found; install it or correct that line";
        }
        if (head.length > 3 && head[0] == 0x7f && head[1] == 'E' && head[2] == 'L' && head[3] == 'F') {
            return "cannot run " + cmd + ": its program loader (the ELF interpreter, e.g. ld-linux) is missing;"
                    + " it was built for another system";
        }
        return "cannot run " + cmd + ": a file it needs to start was not found";
    }

    /** Where exec found the command: as given if it has a slash, else on the command's PATH. */
    private static Optional<Path> locate(ExecRequest request) {
        String cmd = request.argv().getFirst();
        try {
            if (cmd.contains("/")) {
                Path p = request.workDir() == null
                        ? Path.of(cmd)
                        : request.workDir().resolve(cmd);
                return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
            }
            String path = request.env().getOrDefault("PATH", System.getenv().getOrDefault("PATH", ""));
            return Arrays.stream(path.split(":"))
                    .map(d -> Path.of(d.isEmpty() ? "." : d, cmd))
                    .filter(p -> Files.isRegularFile(p) && Files.isExecutable(p))
                    .findFirst();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static byte[] head(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(256);
        } catch (IOException e) {
            return new byte[0];
        }
    }
}
