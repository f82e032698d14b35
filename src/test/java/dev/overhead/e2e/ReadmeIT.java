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
 * examples read fixed files, so their output is exact; the others only have to succeed.
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

    /** One shown command and the stretches of output shown under it. */
    record Shown(String command, List<List<String>> stretches) {}

    @Test
    void shownOutputIsWhatOverheadPrints() throws Exception {
        List<Shown> shown = shownExamples(Files.readAllLines(Launcher.ROOT.resolve("README.md")));
        assertThat(shown).as("README console examples found").isNotEmpty();
        for (Shown example : shown) {
            var r = overhead.run(args(example.command()));
            assertThat(r.exitCode()).as(example.command() + "\n" + r).isZero();
            List<String> printed = r.stdout().lines().map(ReadmeIT::words).toList();
            int from = 0;
            for (List<String> stretch : example.stretches()) {
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
