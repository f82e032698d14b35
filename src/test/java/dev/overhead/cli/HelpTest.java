package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every command answers --help with its usage, exit 0, and nothing picocli could not format. */
class HelpTest {
    @ParameterizedTest
    @ValueSource(strings = {"run", "compare", "report", "list", "show", "resume", "import", "demo", "size", "env"})
    void everyCommandHasHelp(String command) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintStream systemErr = System.err;
        ByteArrayOutputStream tracer = new ByteArrayOutputStream();
        int code;
        try {
            // picocli reports a description it cannot format on System.err, not on the command's writer
            System.setErr(new PrintStream(tracer, true, StandardCharsets.UTF_8));
            code = Main.run(new String[] {command, "--help"}, new PrintWriter(out), new PrintWriter(err));
        } finally {
            System.setErr(systemErr);
        }
        assertThat(code).isZero();
        assertThat(out.toString()).startsWith("Usage: overhead " + command);
        assertThat(err.toString()).isEmpty();
        assertThat(tracer.toString(StandardCharsets.UTF_8)).doesNotContain("WARN");
    }
}
