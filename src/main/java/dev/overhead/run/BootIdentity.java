package dev.overhead.run;

import dev.overhead.exec.Unmeasured;
import dev.overhead.model.Levels;
import dev.overhead.model.Variant;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Which variant of a boot study the machine is running (plan {@code boot: {identify}}): the
 * {@code identify} command's output, a variant's name; or, without one, the variant whose kernel
 * matches {@code uname -r} and whose {@code cmdline} words are all in {@code /proc/cmdline}.
 */
public final class BootIdentity {
    private BootIdentity() {}

    static final Path CMDLINE = Path.of("/proc/cmdline");

    /** The running variant's name, or empty where none (or more than one) matches. */
    public static Optional<String> identify(List<Variant> variants, Levels levels) {
        String command = levels.identify();
        if (command != null) {
            String said = output(command).strip();
            return variants.stream().map(Variant::name).filter(said::equals).findFirst();
        }
        String release = System.getProperty("os.version", ""); // what uname -r prints
        String cmdline;
        try {
            cmdline = Files.readString(CMDLINE, StandardCharsets.UTF_8);
        } catch (IOException e) {
            cmdline = "";
        }
        return byKernel(variants, levels, release, cmdline);
    }

    /** The default identification, on a release and a command line given (tests give their own). */
    static Optional<String> byKernel(List<Variant> variants, Levels levels, String release, String cmdline) {
        List<String> words = Arrays.asList(cmdline.strip().split("\\s+"));
        List<Variant> matching = variants.stream()
                .filter(v -> {
                    String kernel = levels.target(v.name()).kernel();
                    String name = Path.of(kernel.isEmpty() ? "/" : kernel).getFileName() == null
                            ? ""
                            : Path.of(kernel).getFileName().toString();
                    boolean kernelMatches = !release.isEmpty() && name.endsWith(release);
                    String want = levels.target(v.name()).cmdline().strip();
                    boolean cmdlineMatches = want.isEmpty() || words.containsAll(Arrays.asList(want.split("\\s+")));
                    return kernelMatches && cmdlineMatches;
                })
                .toList();
        // two variants on one kernel told apart by a cmdline option: the one that asks for more of
        // what is on the running command line is the one that was booted
        int most =
                matching.stream().mapToInt(v -> cmdlineWords(levels, v)).max().orElse(0);
        List<String> best = matching.stream()
                .filter(v -> cmdlineWords(levels, v) == most)
                .map(Variant::name)
                .toList();
        return best.size() == 1 ? Optional.of(best.getFirst()) : Optional.empty();
    }

    private static int cmdlineWords(Levels levels, Variant v) {
        String want = levels.target(v.name()).cmdline().strip();
        return want.isEmpty() ? 0 : want.split("\\s+").length;
    }

    /** How the variant was identified, for the sentence of a wrong boot. */
    public static String how(Levels levels) {
        String command = levels.identify();
        return command != null
                ? "identify: '" + command + "'"
                : "uname -r is " + System.getProperty("os.version", "?") + ", matched against the variants' kernel"
                        + " and cmdline";
    }

    /** Runs a shell command with its output going to this process's; its exit code. */
    public static int shell(String line, Path dir) {
        try {
            Unmeasured.Result r = Unmeasured.of("/bin/sh", "-c", line)
                    .in(dir)
                    .inheritInput()
                    .stdout(Unmeasured.Output.INHERIT)
                    .stderr(Unmeasured.Output.INHERIT)
                    .timeout(java.time.Duration.ofDays(1)) // a user's own switch command: no limit of ours
                    .run();
            return r.exitCode();
        } catch (Unmeasured.NotStarted e) {
            return 127;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    private static String output(String command) {
        try {
            return Unmeasured.of("/bin/sh", "-c", command)
                    .stderr(Unmeasured.Output.INHERIT)
                    .timeout(java.time.Duration.ofMinutes(1))
                    .run()
                    .stdout();
        } catch (Unmeasured.NotStarted e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
