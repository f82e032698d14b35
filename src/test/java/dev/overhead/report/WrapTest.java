package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A wrapped command line still pastes into a shell: the shell reads the same words from it. */
@Processes
class WrapTest {

    /** The words /bin/sh reads from {@code script}'s {@code set --} line, one per line. */
    private static String words(String commandLines) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("/bin/sh", "-c", "set -- " + commandLines + "\nprintf '%s\\n' \"$@\"")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void quotedWordsAreNeverBrokenAndTheLinesPasteAsTheSameWords() throws Exception {
        String line = "LD_PRELOAD=/usr/lib/libhardened_malloc.so sh -c "
                + Labels.quote("ls -lR /usr/share | wc -l && echo 'done with it' && sleep 0.25")
                + " --label " + Labels.quote("it's a long label with spaces in it") + " "
                + Labels.quote("x".repeat(150) + " y");
        List<String> wrapped = Wrap.command(line, 80, "    ", "      ");
        assertThat(wrapped).allSatisfy(l -> assertThat(Glyphs.width(l)).isLessThanOrEqualTo(80));
        assertThat(wrapped.size()).isGreaterThan(2);
        // a break falls between words, or (inside an over-long quoted word) closes and reopens the quote
        assertThat(words(String.join("\n", wrapped))).isEqualTo(words(line));
    }

    @Test
    void shellWordsKeepQuotedSpacesTogether() {
        assertThat(Wrap.shellWords("a 'b c' \"d e\" f\\ g 'it'\\''s'"))
                .containsExactly("a", "'b c'", "\"d e\"", "f\\ g", "'it'\\''s'");
    }

    /** Issue 29: the text wrapped inside file names; a path too long for a line breaks between its parts. */
    @org.junit.jupiter.api.Test
    void aLongPathBreaksAfterASlashNotInsideAFileName() {
        String path = "/home/reviewer/src/linux-hardening/tools/testing/selftests/overhead-demo/words-sorted.txt";
        var lines = Wrap.words("- cannot read " + path + ": no such file", 60, "", "  ");
        org.assertj.core.api.Assertions.assertThat(lines)
                .allSatisfy(l ->
                        org.assertj.core.api.Assertions.assertThat(l.length()).isLessThanOrEqualTo(60));
        org.assertj.core.api.Assertions.assertThat(String.join("\n", lines))
                .contains("words-sorted.txt:")
                .contains("/testing/\n  selftests/overhead-demo/words-sorted.txt:");
        var command = Wrap.command("cat " + path, 60, "", "  ");
        org.assertj.core.api.Assertions.assertThat(String.join("\n", command)).contains("words-sorted.txt");
    }
}
