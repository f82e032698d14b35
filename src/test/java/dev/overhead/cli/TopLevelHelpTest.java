package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command list of `overhead --help` gives each command a whole sentence, never half of one. */
class TopLevelHelpTest {
    @Test
    void everyCommandsSummaryEndsASentence() {
        StringWriter out = new StringWriter();
        assertThat(Main.run(new String[] {"--help"}, new PrintWriter(out), new PrintWriter(new StringWriter())))
                .isZero();
        List<String> lines = out.toString().lines().toList();
        List<String> summaries = new ArrayList<>();
        for (String line : lines.subList(lines.indexOf("Commands:") + 1, lines.size())) {
            if (line.startsWith("    ")) { // picocli's wrapped continuation of the previous summary
                int last = summaries.size() - 1;
                summaries.set(last, summaries.get(last) + " " + line.strip());
            } else if (line.startsWith("  ")) {
                summaries.add(line.strip());
            }
        }
        assertThat(summaries).hasSizeGreaterThan(5);
        assertThat(summaries).allSatisfy(s -> assertThat(s).matches("(?s).*[.!?]\\)?$"));
        assertThat(summaries).anyMatch(s -> s.startsWith("compare ") && s.endsWith("statistics as run."));
    }

    @Test
    void versionSaysCommitRuntimeAndHelper() {
        StringWriter out = new StringWriter();
        assertThat(Main.run(new String[] {"--version"}, new PrintWriter(out), new PrintWriter(new StringWriter())))
                .isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).matches("overhead \\S+ \\(commit [0-9a-f]{7,}\\)|overhead \\S+ \\(commit unknown\\)");
        assertThat(lines.get(1)).startsWith("Java " + Runtime.version()).contains(System.getProperty("java.home"));
        assertThat(lines.get(2)).containsAnyOf("forking helper", "no forking helper");
    }
}
