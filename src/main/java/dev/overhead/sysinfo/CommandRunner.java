package dev.overhead.sysinfo;

import dev.overhead.exec.Unmeasured;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The few commands the probe asks (compiler and libc versions, systemd-detect-virt, perf), behind a
 * seam so tests can answer with captured output. They are started all at once and collected later,
 * so the slowest one, not their sum, bounds the probe.
 */
public interface CommandRunner {

    /** Whether a program can be run here (on PATH, or a captured answer exists). */
    boolean available(String program);

    /**
     * Starts every command; the supplier waits for them (at most {@code timeout} in all) and gives each
     * one's stdout and stderr together, leaving out those that could not start or took too long.
     */
    Supplier<Map<String, String>> startAll(Map<String, List<String>> commands, Duration timeout);

    /** Real processes, found on the PATH of {@code processEnv}. */
    static CommandRunner live(Map<String, String> processEnv) {
        return new Live(processEnv.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"));
    }

    /** Canned answers: the file {@code dir/PROGRAM} is what PROGRAM prints; absent file, absent program. */
    static CommandRunner captured(Path dir) {
        return new CommandRunner() {
            @Override
            public boolean available(String program) {
                return Files.isRegularFile(dir.resolve(program));
            }

            @Override
            public Supplier<Map<String, String>> startAll(Map<String, List<String>> commands, Duration timeout) {
                Map<String, String> out = new LinkedHashMap<>();
                commands.forEach((key, argv) -> {
                    try {
                        out.put(key, Files.readString(dir.resolve(argv.getFirst()), StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        // Not captured: the program is absent on that machine.
                    }
                });
                return () -> out;
            }
        };
    }

    final class Live implements CommandRunner {
        private final String path;

        Live(String path) {
            this.path = path;
        }

        @Override
        public boolean available(String program) {
            return Programs.find(program, path).isPresent();
        }

        @Override
        public Supplier<Map<String, String>> startAll(Map<String, List<String>> commands, Duration timeout) {
            Map<String, Unmeasured.Running> started = new LinkedHashMap<>();
            commands.forEach((key, argv) -> Programs.find(argv.getFirst(), path).ifPresent(exe -> {
                try {
                    List<String> resolved = new java.util.ArrayList<>(argv);
                    resolved.set(0, exe.toString());
                    // LC_ALL=C: banners are parsed, so they must not be translated.
                    started.put(
                            key,
                            Unmeasured.of(resolved)
                                    .env("LC_ALL", "C")
                                    .stderr(Unmeasured.Output.MERGE)
                                    .start());
                } catch (Unmeasured.NotStarted e) {
                    // Could not start: absent, like a missing program.
                }
            }));
            long deadline = System.nanoTime() + timeout.toNanos();
            return () -> {
                Map<String, String> out = new LinkedHashMap<>();
                started.forEach((key, running) -> collect(running, deadline).ifPresent(s -> out.put(key, s)));
                return out;
            };
        }

        private static Optional<String> collect(Unmeasured.Running running, long deadline) {
            try (running) {
                Unmeasured.Result r = running.await(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
                return r.timedOut() ? Optional.empty() : Optional.of(r.stdout());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }
}
