package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Processes
class ShellWordsTest {

    @Test
    void splitsOnBlanksAndKeepsQuotedBlanks() {
        assertThat(ShellWords.split("  sort -o /dev/null 'my file'\t\"two  words\" "))
                .containsExactly("sort", "-o", "/dev/null", "my file", "two  words");
    }

    @Test
    void singleQuotesKeepEverythingLiterally() {
        assertThat(ShellWords.split("'a\\b \"c\" $HOME'")).containsExactly("a\\b \"c\" $HOME");
    }

    @Test
    void doubleQuotesEscapeOnlyDollarBacktickQuoteAndBackslash() {
        assertThat(ShellWords.split("\"a\\\"b \\$x \\\\ \\n\"")).containsExactly("a\"b $x \\ \\n");
    }

    @Test
    void backslashOutsideQuotesKeepsTheNextCharacter() {
        assertThat(ShellWords.split("a\\ b c\\'d \\\"")).containsExactly("a b", "c'd", "\"");
    }

    @Test
    void adjacentQuotedPartsJoinIntoOneWord() {
        assertThat(ShellWords.split("--name='a b'\"c\"d")).containsExactly("--name=a bcd");
    }

    @Test
    void emptyQuotesAreAnEmptyWord() {
        assertThat(ShellWords.split("printf '' \"\" x")).containsExactly("printf", "", "", "x");
    }

    @Test
    void doesNoExpansion() {
        assertThat(ShellWords.split("echo $HOME ~ *.c `id`")).containsExactly("echo", "$HOME", "~", "*.c", "`id`");
    }

    @Test
    void backslashNewlineJoinsLines() {
        assertThat(ShellWords.split("make \\\n -j4")).containsExactly("make", "-j4");
    }

    @Test
    void refusesAnUnterminatedQuote() {
        assertThatThrownBy(() -> ShellWords.split("sort 'my file"))
                .isInstanceOf(SpecException.class)
                .hasMessage("the command 'sort 'my file' has an unterminated single quote: close it, or escape the"
                        + " quote with a backslash.");
        assertThatThrownBy(() -> ShellWords.split("echo \"a")).hasMessageContaining("unterminated double quote");
        assertThatThrownBy(() -> ShellWords.split("echo a\\")).hasMessageContaining("ends with a lone backslash");
    }

    @Test
    void joinQuotesWhatSplitReadsBack() {
        List<String> words = List.of("sort", "my file", "it's", "", "$HOME", "a=b");
        assertThat(ShellWords.split(ShellWords.join(words))).isEqualTo(words);
    }

    /** The oracle is the system's own /bin/sh: it must split these exactly as we do. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "a b  c",
                "'single quoted' \"double quoted\"",
                "\"a\\\"b\" 'c\\d' e\\ f",
                "\"\\$x \\\\ \\n \\a\"",
                "x'y'\"z\" '' \"\"",
                "--opt='a b' -k\\=v",
                "make \\\n -j4",
            })
    void splitsAsTheSystemShellDoes(String line) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh as the reference splitter");
        // "set -- LINE" makes sh itself split the words as written; each is printed NUL-terminated.
        Process q = new ProcessBuilder(
                        "/bin/sh", "-c", "set -- " + line + "; for w in \"$@\"; do printf '%s\\0' \"$w\"; done")
                .redirectErrorStream(true)
                .start();
        String out = new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(q.waitFor()).isZero();
        List<String> expected = new ArrayList<>(List.of(out.split("\0", -1)));
        expected.removeLast(); // after the last NUL
        assertThat(ShellWords.split(line)).isEqualTo(expected);
    }
}
