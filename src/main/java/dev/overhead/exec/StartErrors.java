package dev.overhead.exec;

/** One sentence for a command that could not be started, saying which step failed and what to do. */
final class StartErrors {
    static final int ENOENT = 2;
    static final int EACCES = 13;
    static final int EPERM = 1;

    private StartErrors() {}

    static ExecException of(String stage, int errno, String reason, ExecRequest request) {
        String cmd = request.argv().getFirst();
        String message = switch (stage) {
            case "exec" ->
                switch (errno) {
                    case ENOENT -> "command not found: " + cmd + " (check the spelling, or PATH)";
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
            default -> "cannot start " + cmd + " (" + stage + "): " + reason;
        };
        return new ExecException(message);
    }
}
