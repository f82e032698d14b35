package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Signals and kills at random moments of a real study (the forking helper, short commands): a
 * study stopped by SIGINT or SIGTERM to its whole process group (a terminal's Ctrl-C, `timeout`, a
 * CI cancel) ends with 130 or 143 and never blames the command; one killed with -9 ends with 137.
 * Either way {@code overhead resume} then finishes it with exactly the planned runs, and no process
 * of the study is left behind. The moments are random, but from a fixed seed, so a failure can be
 * replayed.
 */
class FaultInjectionIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TRIALS = 21;
    private static final int RUNS = 8;
    private static final long SEED = 20261203L;
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    @RegisterExtension
    final Launcher overhead = new Launcher();

    /** Where the signals landed, printed for whoever tunes the moments. */
    private final Map<String, Integer> landed = new java.util.concurrent.ConcurrentSkipListMap<>();

    /**
     * @param inStudy count the delay from the moment the forking helper runs (the study starts right
     *                after) rather than from the launch, so that most signals land in the study
     *                however slow the machine's start-up is
     */
    record Trial(int n, String signal, boolean inStudy, long delayMs) {
        String aim() {
            return signal + (inStudy ? " aimed at the study" : " from the launch");
        }

        int expectedExit() {
            return switch (signal) {
                case "INT" -> 130;
                case "TERM" -> 143;
                default -> 137;
            };
        }
    }

    @Test
    void signalsAndKillsAtRandomMomentsLoseNothingAndLeaveNothingBehind() throws Exception {
        assumeTrue(Files.isExecutable(SETSID), "setsid (util-linux) is missing");
        Random random = new Random(SEED);
        List<Trial> trials = new ArrayList<>();
        for (int n = 0; n < TRIALS; n++) {
            // A third from the launch (start-up: launcher, JVM, machine probe), the rest in the study
            // (16 runs of 20-30 ms, ~0.6 s) or just past its end.
            boolean inStudy = (n / 3) % 3 != 0;
            trials.add(new Trial(
                    n,
                    List.of("TERM", "KILL", "INT").get(n % 3),
                    inStudy,
                    inStudy ? random.nextInt(900) : 50 + random.nextInt(1500)));
        }
        ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(3);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (Trial t : trials) {
                results.add(pool.submit(() -> trial(t)));
            }
            for (Future<String> f : results) {
                assertThat(f.get(5, TimeUnit.MINUTES)).isEmpty();
            }
            System.out.println("FaultInjectionIT: " + TRIALS + " trials; where the signal landed: " + landed);
        } finally {
            pool.shutdownNow();
        }
    }

    /** One trial; the empty string when everything held, else what did not. */
    private String trial(Trial t) throws Exception {
        Path data = overhead.home().resolve("data-" + t.n());
        Map<String, String> env = Map.of("XDG_DATA_HOME", data.toString());
        String label = "trial-" + t.n();
        ProcessBuilder pb = new ProcessBuilder(
                        SETSID.toString(), // its own process group, as a shell job has: the signal goes to all of it
                        Launcher.ROOT.resolve("overhead").toString(),
                        "run",
                        "--runs",
                        Integer.toString(RUNS),
                        "--label",
                        label,
                        "sleep 0.02",
                        "sleep 0.03")
                .directory(overhead.home().toFile());
        pb.environment().put("OVERHEAD_NO_BUILD", "1");
        pb.environment().putAll(env);
        Path err = overhead.home().resolve("err-" + t.n());
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        if (t.inStudy()) {
            long until = System.nanoTime() + 60_000_000_000L;
            while (ours(data).stream().noneMatch(c -> c.contains("overhead-spawner"))
                    && p.isAlive()
                    && System.nanoTime() < until) {
                Thread.sleep(5);
            }
        }
        boolean ended = p.waitFor(t.delayMs(), TimeUnit.MILLISECONDS);
        if (!ended) {
            new ProcessBuilder("kill", "-" + t.signal(), "--", "-" + p.pid())
                    .start()
                    .waitFor();
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return t + ": did not end within 60 s of the signal";
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        String context = t + (ended ? " (ended before the signal)" : "") + "\n" + stderr;
        if (ended && p.exitValue() != 0) return context + "\nexit " + p.exitValue();
        // a signal that lands while the JVM is already exiting 0 (after the last run's report) cannot
        // change that exit; then the study must be complete, which finish() checks below
        boolean exitingAnyway = !ended && p.exitValue() == 0;
        if (exitingAnyway) {
            landed.merge(t.aim() + ": as it exited", 1, Integer::sum);
        }
        if (!ended && !exitingAnyway && p.exitValue() != t.expectedExit() && !jdkStartUpRace(p.exitValue(), stderr)) {
            return context + "\nexit " + p.exitValue();
        }
        for (String bad : List.of("internal error", "killed by signal", "stopped unexpectedly", "Exception")) {
            if (stderr.contains(bad)) return context + "\nsays: " + bad;
        }
        String left = leftBehind(data, 5_000);
        if (!left.isEmpty()) return context + "\nleft running after the signal: " + left;
        if (exitingAnyway
                && !overhead.start(env, "resume", label).finish().stderr().contains("is complete")) {
            return context + "\nexit 0 after the signal, but the study was not complete";
        }
        String finished = finish(t, label, env, context);
        if (!finished.isEmpty()) return finished;
        left = leftBehind(data, 5_000);
        return left.isEmpty() ? "" : context + "\nleft running after resume: " + left;
    }

    /**
     * A signal in the JVM's own start-up, after it installed its handlers and before its module
     * system and System.err exist (a few ms, before any of overhead's code), makes the JDK's exit
     * logging fail; the JVM then sometimes ends with 1 instead of 128+N, printing that line or,
     * earlier still, nothing (JDK 25; 2 of 80 trials aimed at that window, and 1 of about 100 of
     * these trials). The README says so; nothing of a study exists yet then.
     */
    private static boolean jdkStartUpRace(int exit, String stderr) {
        return exit == 1
                && (stderr.isEmpty() || stderr.matches("Runtime\\.exit\\(1[34]\\d\\) logging failed: [^\n]*\n"));
    }

    /** Resumes the study (or reports it, if it was complete) and checks it has exactly the planned runs. */
    private String finish(Trial t, String label, Map<String, String> env, String context) throws Exception {
        var resumed = overhead.start(env, "resume", "--format", "json", label).finish();
        if (resumed.stderr().contains("no file and no stored study")) {
            landed.merge(t.aim() + ": before the study existed", 1, Integer::sum);
            return ""; // stopped before the study was created: nothing to resume
        }
        landed.merge(
                t.aim() + ": " + (resumed.stderr().contains("is complete") ? "after its last run" : "during the study"),
                1,
                Integer::sum);
        var r = resumed.stderr().contains("is complete")
                ? overhead.start(env, "report", "--format", "json", label).finish()
                : resumed;
        if (r.exitCode() != 0) return context + "\nthen: " + r;
        JsonNode variants = JSON.readTree(r.stdout()).path("workloads").get(0).path("variants");
        for (JsonNode v : variants) {
            if (v.path("runs").size() != RUNS) {
                return context + "\nthen " + v.path("name").asText() + " has "
                        + v.path("runs").size() + " runs";
            }
        }
        return variants.size() == 2 ? "" : context + "\nthen " + variants.size() + " variants";
    }

    /**
     * The processes (launcher, JVM, helper, measured command) that still carry this trial's data
     * directory in their environment, once they have had {@code graceMs} to end.
     */
    private static String leftBehind(Path data, long graceMs) throws Exception {
        long until = System.nanoTime() + graceMs * 1_000_000;
        while (true) {
            List<String> found = ours(data);
            if (found.isEmpty()) return "";
            if (System.nanoTime() > until) return String.join("; ", found);
            Thread.sleep(50);
        }
    }

    /** The live processes of this trial: pid and command line of each. */
    private static List<String> ours(Path data) throws IOException {
        byte[] marker = ("XDG_DATA_HOME=" + data + "\0").getBytes(StandardCharsets.UTF_8);
        List<String> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(d -> d.getFileName().toString().matches("\\d+"))
                    .toList()) {
                if (contains(readOrEmpty(proc.resolve("environ")), marker) && !zombie(proc)) {
                    found.add(proc.getFileName() + " "
                            + new String(readOrEmpty(proc.resolve("cmdline"))).replace('\0', ' '));
                }
            }
        }
        return found;
    }

    private static boolean zombie(Path proc) {
        try {
            return Files.readAllLines(proc.resolve("status")).stream()
                    .anyMatch(l -> l.startsWith("State:") && l.contains("Z"));
        } catch (IOException e) {
            return true;
        }
    }

    private static byte[] readOrEmpty(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            return new byte[0]; // ended meanwhile, or not ours to read
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (i > 0 && haystack[i - 1] != 0) continue; // only at the start of a variable
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) continue outer;
            }
            return true;
        }
        return false;
    }
}
