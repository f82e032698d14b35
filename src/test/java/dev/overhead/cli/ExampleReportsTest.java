package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The text reports shown in docs/examples are what {@code overhead compare FILE.csv} prints today, and
 * they fit a mail: every line at most 80 characters. A mismatch writes {@code NAME.txt.got} beside
 * the example.
 */
class ExampleReportsTest {
    static final Path DIR = Path.of(System.getProperty("overhead.project.root", "."), "docs", "examples");

    @Test
    void seed002StackleakReportIsCurrentAndFitsAMail() throws Exception {
        check("seed002-stackleak");
    }

    private static void check(String name) throws Exception {
        Locale before = Locale.getDefault(Locale.Category.FORMAT);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try {
            Locale.setDefault(Locale.Category.FORMAT, Locale.ROOT);
            code = Main.run(
                    new String[] {"compare", DIR.resolve(name + ".csv").toString()},
                    new PrintWriter(out),
                    new PrintWriter(err));
        } finally {
            Locale.setDefault(Locale.Category.FORMAT, before);
        }
        assertThat(code).as(err.toString()).isZero();
        String text = out.toString();
        assertThat(text.lines())
                .allSatisfy(
                        l -> assertThat(l.codePointCount(0, l.length())).as(l).isLessThanOrEqualTo(80));
        Path expected = DIR.resolve(name + ".txt");
        Path got = DIR.resolve(name + ".txt.got");
        if (Boolean.getBoolean("overhead.golden.update")) {
            Files.writeString(expected, text, StandardCharsets.UTF_8);
        }
        if (!Files.exists(expected)
                || !Files.readString(expected, StandardCharsets.UTF_8).equals(text)) {
            Files.writeString(got, text, StandardCharsets.UTF_8);
            fail(expected + " is not what compare prints; wrote " + got
                    + " (-Doverhead.golden.update=true accepts it)");
        }
        Files.deleteIfExists(got);
    }
}
