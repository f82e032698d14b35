package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.plan.ShellWords;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The README's examples run as written, so the documentation cannot rot (docs/architecture.md,
 * "Conventions"; benchstat's doc_test.go). In a {@code console} block, a line {@code $ ./overhead
 * ARGS} is a command and the lines under it are what it prints, abridged where a line says
 * {@code ...}: each stretch between such lines must stand in the output line for line and in
 * order, with runs of spaces counted as one (column padding follows the widest cell). Those
 * examples read fixed files, so their output is exact; the others only have to succeed. The demo measures this
 * machine: it runs with a short time budget, and its lines are compared by their shape, every number and verdict
 * word a placeholder (the rows, metrics, columns and headings must be what it prints).
 */
class ReadmeIT {
    @RegisterExtension
    final Launcher overhead = new Launcher();

    @Test
    void selfContainedExamplesRunAsWritten() throws Exception {
        List<String> examples = new ArrayList<>();
        for (String line : Files.readAllLines(Launcher.ROOT.resolve("README.md"))) {
            String command = line.replaceFirst("\\s+#.*$", "").strip();
            if (command.startsWith("./overhead compare docs/")
                    || command.equals("./overhead env")
                    || command.equals("./overhead list")
                    || command.equals("./overhead profiles")
                    || command.equals("./overhead presets")) {
                examples.add(command);
            }
        }
        assertThat(examples).as("README examples found").hasSizeGreaterThanOrEqualTo(3);
        for (String example : examples) {
            List<String> words = ShellWords.split(example);
            List<String> args = new ArrayList<>();
            for (String w : words.subList(1, words.size())) {
                args.add(w.startsWith("docs/") ? Launcher.ROOT.resolve(w).toString() : w);
            }
            var r = overhead.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(example + "\n" + r).isZero();
            assertThat(r.stdout()).as(example).isNotBlank();
        }
    }

    /**
     * Every {@code ./overhead run} of the README works from the repository's root, as a reader of a fresh clone
     * types it (issue 29: the first example sorted a words.txt no clone has), with two runs per variant instead of
     * adaptive stopping. What a command needs beyond a clone is named in its comment, and .ci/run installs it.
     */
    @Test
    void everyRunExampleWorksFromTheRepositoryRoot() throws Exception {
        List<String> examples = new ArrayList<>();
        for (String line : Files.readAllLines(Launcher.ROOT.resolve("README.md"))) {
            String command = line.replaceFirst("\\s+#.*$", "").strip();
            if (command.startsWith("./overhead run ")) {
                examples.add(command);
            }
        }
        assertThat(examples).as("README run examples found").hasSizeGreaterThanOrEqualTo(5);
        for (String example : examples) {
            List<String> words = ShellWords.split(example);
            List<String> args = new ArrayList<>(List.of("run", "--runs", "2", "--warmup", "0"));
            args.addAll(words.subList(2, words.size()));
            var r = overhead.startIn(Launcher.ROOT, java.util.Map.of(), args.toArray(String[]::new))
                    .finish(java.time.Duration.ofMinutes(10));
            assertThat(r.exitCode()).as(example + "\n" + r).isZero();
        }
    }

    /** One shown command and the stretches of output shown under it. */
    record Shown(String command, List<List<String>> stretches) {}

    @Test
    void shownOutputIsWhatOverheadPrints() throws Exception {
        List<Shown> shown = shownExamples(Files.readAllLines(Launcher.ROOT.resolve("README.md")));
        assertThat(shown).as("README console examples found").isNotEmpty();
        for (Shown example : shown) {
            boolean demo = example.command().equals("./overhead demo");
            List<String> argv = new ArrayList<>(List.of(args(example.command())));
            if (demo) {
                argv.addAll(List.of("--time-budget", "6s"));
            }
            var r = overhead.start(java.util.Map.of(), argv.toArray(String[]::new))
                    .finish(java.time.Duration.ofMinutes(5));
            assertThat(r.exitCode()).as(example.command() + "\n" + r).isZero();
            java.util.function.UnaryOperator<String> form = demo ? ReadmeIT::shape : l -> l;
            List<String> printed =
                    r.stdout().lines().map(ReadmeIT::words).map(form).toList();
            int from = 0;
            for (List<String> shownStretch : example.stretches()) {
                List<String> stretch = shownStretch.stream().map(form).toList();
                int at = indexOf(printed, stretch, from);
                assertThat(at)
                        .as(
                                "README shows under %s:%n%s%n%nbut overhead printed:%n%s",
                                example.command(), String.join("\n", stretch), r.stdout())
                        .isNotNegative();
                from = at + stretch.size();
            }
        }
    }

    static List<Shown> shownExamples(List<String> readme) {
        List<Shown> out = new ArrayList<>();
        boolean inConsole = false;
        String command = null;
        List<List<String>> stretches = new ArrayList<>();
        for (String raw : readme) {
            String line = raw.stripTrailing();
            if (!inConsole) {
                inConsole = line.equals("```console");
                continue;
            }
            if (line.startsWith("```") || line.startsWith("$ ")) {
                if (command != null) {
                    out.add(new Shown(
                            command,
                            stretches.stream().filter(s -> !s.isEmpty()).toList()));
                }
                command = line.startsWith("$ ") ? line.substring(2).strip() : null;
                stretches = new ArrayList<>(List.of(new ArrayList<>()));
                inConsole = !line.startsWith("```");
            } else if (line.equals("...")) {
                stretches.add(new ArrayList<>());
            } else {
                stretches.getLast().add(words(line));
            }
        }
        return out;
    }

    /** A line as its words: the padding of table columns is layout, not content. */
    static String words(String line) {
        return line.strip().replaceAll("\\s+", " ");
    }

    /**
     * A line of a study of this machine with its figures as placeholders: numbers (with their sign, ×, % and
     * exponent) become #, verdict words VERDICT, and a divider's runs of dashes one dash.
     */
    static String shape(String wordsOfLine) {
        return wordsOfLine
                .replaceAll("[−+×-]?[0-9][0-9.]*(e[−+-]?[0-9]+)?%?", "#")
                .replaceAll("\\b(worse|better|equivalent|inconclusive)\\b\\*?", "VERDICT")
                .replaceAll("-{2,}", "-");
    }

    /** The words after {@code ./overhead}, with the repository's files named from its root. */
    private static String[] args(String command) {
        List<String> words = ShellWords.split(command);
        assertThat(words.getFirst()).as(command).isEqualTo("./overhead");
        List<String> args = new ArrayList<>();
        for (String w : words.subList(1, words.size())) {
            args.add(w.startsWith("docs/") ? Launcher.ROOT.resolve(w).toString() : w);
        }
        return args.toArray(String[]::new);
    }

    /** Where {@code stretch} stands as consecutive lines of {@code lines}, at or after {@code from}; -1 if nowhere. */
    private static int indexOf(List<String> lines, List<String> stretch, int from) {
        for (int i = from; i + stretch.size() <= lines.size(); i++) {
            if (lines.subList(i, i + stretch.size()).equals(stretch)) {
                return i;
            }
        }
        return -1;
    }
}
