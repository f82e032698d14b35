package dev.overhead.cli;

import dev.overhead.exec.OutputPolicy;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.plan.Preset;
import dev.overhead.plan.Presets;
import dev.overhead.run.StudySpec;
import dev.overhead.study.LivePresets;
import dev.overhead.study.StudyExecution;
import dev.overhead.study.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code overhead demo}: a short real study that needs only a stock Linux system. glibc's malloc as
 * it is, against two of its own hardening presets (and strace where it is installed), on an
 * allocation-heavy, a syscall-heavy and a compute workload; adaptive runs, then the text report's first
 * screen (the summary, the same in plain words, the warnings) and the files with everything.
 */
@Command(
        name = "demo",
        description = "A short real study on this machine: glibc malloc against its own hardening, and strace.")
final class DemoCommand implements Callable<Integer> {
    static final List<String> PRESETS = List.of("perturb", "tcache-off", "strace");

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            defaultValue = "overhead-demo",
            description = "Where the demo's files go (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Option(
            names = "--time-budget",
            paramLabel = "DURATION",
            defaultValue = "120s",
            description = "At most this long (default: ${DEFAULT-VALUE}).")
    String budget;

    @Option(
            names = "--detail",
            description = "The text report goes on after the summary, plain words and warnings with each workload's"
                    + " tables and notes, the commands, the environment and the legend (the files always have them).")
    boolean detail;

    @Option(names = "--fake-exec", hidden = true)
    boolean fakeExec;

    @Mixin
    StoreOption storeOption;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Path input = writeInput(dir);
        Path tree = writeTree(dir);
        StudySpec study = study(input, tree);
        err.println("overhead demo: what do glibc's own malloc hardening and a tracer cost on this machine?");
        err.println("  glibc       each workload as it is");
        for (Variant v : study.variants().subList(1, study.variants().size())) {
            err.println(String.format(
                    java.util.Locale.ROOT,
                    "  %-10s  %s",
                    v.name(),
                    LivePresets.presets()
                            .find(v.name())
                            .map(p -> p.description())
                            .orElse("")));
        }
        err.println("  workloads sort of " + input + " (allocation-heavy),");
        err.println("            ls -lR " + tree + " (syscall-heavy), gzip -6 of it (compute)");
        err.println("  Runs alternate in a fresh random order each round, at least " + StudySettings.MIN_RUNS
                + " per variant,");
        err.println("  until every verdict on wall time is settled or " + budget + " have passed.");
        err.flush();
        OutputOptions outputs = new OutputOptions();
        outputs.format = "text";
        outputs.json = dir.resolve("result.json");
        outputs.csv = dir.resolve("runs.csv");
        outputs.markdown = dir.resolve("report.md");
        outputs.html = dir.resolve("report.html");
        outputs.detail = detail;
        VerdictOptions verdict = new VerdictOptions();
        int code = new StudyExecution(
                        err,
                        storeOption.access(),
                        new ReportDelivery(spec.commandLine().getOut(), err, outputs, verdict, verdict.failIfWorse()),
                        fakeExec)
                .run(study);
        err.println("overhead demo: files in " + dir + "/ -- open " + dir.resolve("report.html") + " in a browser");
        return code;
    }

    StudySpec study(Path input, Path tree) {
        List<Workload> workloads = List.of(
                new Workload(
                        "sort",
                        List.of("sort", "-o", "/dev/null", input.toString()),
                        false,
                        Map.of(),
                        List.of(),
                        List.of()),
                new Workload("ls-lR", List.of("ls", "-lR", tree.toString()), false, Map.of(), List.of(), List.of()),
                new Workload(
                        "gzip", List.of("gzip", "-c", "-6", input.toString()), false, Map.of(), List.of(), List.of()));
        // presets that need nothing installed, and strace where it is: those not available are left out
        List<Variant> variants = new java.util.ArrayList<>(List.of(Variant.plain("glibc")));
        Presets presets = LivePresets.presets();
        for (String name : PRESETS) {
            presets.find(name).filter(Preset::available).ifPresent(p -> variants.add(p.variant(name)));
        }
        Duration limit = dev.overhead.plan.Durations.parse(budget);
        StudySettings settings = StudySettings.DEFAULTS.toBuilder()
                // at most 30: there is a time budget; the default precision, so the changes shown are not inflated
                .stopping(StudySettings.adaptiveByDefault(
                        StudySettings.MIN_RUNS,
                        30,
                        StudySettings.DEFAULTS.compare().thresholdPct()))
                .warmup(1)
                .timeBudget(limit)
                .timeout(Duration.ofSeconds(60))
                .baseline("glibc")
                .seed(System.nanoTime())
                .build();
        return new StudySpec("demo", workloads, variants, settings, new OutputPolicy.Discard());
    }

    /** A tree of 40 folders of 100 empty files each, the same on every machine, for ls -lR. */
    static Path writeTree(Path dir) {
        Path tree = dir.resolve("tree");
        try {
            for (int d = 0; d < 40; d++) {
                Path folder = tree.resolve(String.format(java.util.Locale.ROOT, "d%02d", d));
                Files.createDirectories(folder);
                for (int f = 0; f < 100; f++) {
                    Path file = folder.resolve(String.format(java.util.Locale.ROOT, "f%03d.txt", f));
                    if (!Files.exists(file)) {
                        Files.createFile(file);
                    }
                }
            }
            return tree;
        } catch (IOException e) {
            throw UserError.failed(
                    "the demo cannot write its files in " + dir + " (" + e.getMessage()
                            + "); run it where you may write, or give --dir",
                    e);
        }
    }

    /** A file of random words for sort: big enough to allocate a lot, small enough to sort in ~0.1 s. */
    static Path writeInput(Path dir) {
        Path input = dir.resolve("words.txt");
        try {
            Files.createDirectories(dir);
            if (Files.isRegularFile(input) && Files.size(input) > 0) {
                return input;
            }
            Random random = new Random(42);
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < 200_000; i++) {
                int len = 4 + random.nextInt(12);
                for (int j = 0; j < len; j++) {
                    text.append((char) ('a' + random.nextInt(26)));
                }
                text.append('\n');
            }
            Files.writeString(input, text, StandardCharsets.UTF_8);
            return input;
        } catch (IOException e) {
            throw UserError.failed(
                    "the demo cannot write its files in " + dir + " (" + e.getMessage()
                            + "); run it where you may write, or give --dir",
                    e);
        }
    }
}
