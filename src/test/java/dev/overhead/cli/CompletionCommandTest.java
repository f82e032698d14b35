package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Completion comes from the same picocli model as --help: every command and option is offered. */
@Processes
class CompletionCommandTest {
    private static String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }

    @Test
    void bashCompletesCommandsFromAPrefix() throws Exception {
        Path script = Files.createTempFile("overhead-completion", ".bash");
        try {
            Files.writeString(script, run("completion", "bash"));
            // what bash does on `overhead re<TAB>`
            String tab = "source " + script + "\n"
                    + "COMP_WORDS=(overhead re); COMP_CWORD=1; COMP_LINE='overhead re'; COMP_POINT=${#COMP_LINE}\n"
                    + "_complete_overhead overhead re overhead\n"
                    + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
            Process p = new ProcessBuilder("bash", "-c", tab)
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes());
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(out.lines()).containsExactlyInAnyOrder("report", "resume");
        } finally {
            Files.delete(script);
        }
    }

    /** What bash offers on {@code line<TAB>} with the generated script. */
    private static java.util.List<String> bashOffers(String... words) throws Exception {
        Path script = Files.createTempFile("overhead-completion", ".bash");
        try {
            Files.writeString(script, run("completion", "bash"));
            String line = String.join(" ", words);
            StringBuilder array = new StringBuilder();
            for (String w : words) {
                array.append(" '").append(w).append("'");
            }
            String tab = "source " + script + "\n"
                    + "COMP_WORDS=(" + array + "); COMP_CWORD=" + (words.length - 1) + "; COMP_LINE='" + line
                    + "'; COMP_POINT=${#COMP_LINE}\n"
                    + "_complete_overhead overhead '" + words[words.length - 1] + "' '" + words[words.length - 2]
                    + "'\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
            Process p = new ProcessBuilder("bash", "-c", tab)
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes());
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            return out.lines().toList();
        } finally {
            Files.delete(script);
        }
    }

    @Test
    void bashOffersProfileAndPresetNames() throws Exception {
        // issue 29: completion offered no preset or profile names
        assertThat(bashOffers("overhead", "run", "--workload", "dbe")).contains("dbench");
        assertThat(bashOffers("overhead", "run", "-V", "preset:hard")).contains("preset:hardened_malloc");
    }

    @Test
    void zshRunsTheBashScriptThroughBashcompinit() {
        String zsh = run("completion", "zsh");
        assertThat(zsh)
                .startsWith("#compdef overhead\n")
                .contains("bashcompinit")
                .contains("_complete_overhead");
    }

    @Test
    void fishOffersEveryVisibleCommandAndItsOptions() {
        String fish = run("completion", "fish");
        List<String> lines = fish.lines().toList();
        for (String command : List.of("run", "compare", "report", "list", "show", "completion")) {
            assertThat(lines).anyMatch(l -> l.contains("-n '__fish_use_subcommand' -a '" + command + "'"));
        }
        assertThat(lines)
                .anyMatch(l -> l.startsWith("complete -c overhead -n '__fish_seen_subcommand_from run' -l runs -x"));
        // the hidden test option is not offered
        assertThat(fish).doesNotContain("fake-exec");
        // a file-valued option lets fish complete file names
        assertThat(lines).anyMatch(l -> l.contains("-l plan -r -F"));
    }

    @Test
    void fishQuotesSingleQuotesAndBackslashes() {
        assertThat(FishCompletion.quote("it's a \\ b")).isEqualTo("'it\\'s a \\\\ b'");
    }
}
