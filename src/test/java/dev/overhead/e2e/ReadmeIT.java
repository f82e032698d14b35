package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.plan.ShellWords;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The README's examples that need nothing from outside (its files, this machine) run as written,
 * so the documentation cannot rot (STYLE.md §13, benchstat's doc_test.go).
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
}
