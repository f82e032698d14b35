package dev.overhead.sysinfo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finding a program as {@code execvp} would: a path as it is, a bare name in each {@code PATH} folder (an empty
 * entry is the working directory). A fact of this machine, so in {@code sysinfo}: plans name programs, and whether
 * one is here is asked by the caller (study.LivePresets, the profiles' list, the probes).
 */
public final class Programs {
    private Programs() {}

    public static Optional<Path> find(String program) {
        return find(program, System.getenv().getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin"));
    }

    public static Optional<Path> find(String program, String path) {
        if (program.contains("/")) {
            Path p = Path.of(program);
            return runnable(p) ? Optional.of(p) : Optional.empty();
        }
        for (String dir : path.split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (runnable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    public static boolean installed(String program) {
        return find(program).isPresent();
    }

    private static boolean runnable(Path p) {
        return Files.isRegularFile(p) && Files.isExecutable(p);
    }
}
