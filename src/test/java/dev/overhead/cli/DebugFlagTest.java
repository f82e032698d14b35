package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** --debug shows the trace behind a refusal; after "--" it belongs to the measured command. */
class DebugFlagTest {
    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @Test
    void withoutDebugARefusalIsOneSentence() {
        String[] r = run("report", "--store", "/proc/no/such/dir/x.db", "nothing");
        assertThat(r[0]).isEqualTo("1");
        assertThat(r[2].strip().lines()).hasSize(1);
        assertThat(r[2]).doesNotContain("\tat ");
    }

    @Test
    void withDebugTheTraceFollows() {
        String[] r = run("--debug", "report", "--store", "/proc/no/such/dir/x.db", "nothing");
        assertThat(r[0]).isEqualTo("1");
        assertThat(r[2]).contains("\tat ");
    }

    @Test
    void debugAfterTheDoubleDashIsTheCommandsOwn() {
        String[] r = run(
                "run",
                "--fake-exec",
                "--runs",
                "2",
                "--store",
                "/proc/no/such/dir/x.db",
                "-V",
                "a:",
                "--",
                "sleep",
                "--debug");
        assertThat(r[2]).doesNotContain("\tat ");
    }
}
