package dev.overhead.why;

/** What counts the system calls of a run: {@code perf trace -s} needs no ptrace, so it also works on a variant that runs under strace. */
public enum SyscallTool {
    PERF_TRACE,
    STRACE,
    NONE;

    public String word() {
        return switch (this) {
            case PERF_TRACE -> "perf trace -s";
            case STRACE -> "strace -c -f";
            case NONE -> "none";
        };
    }
}
