package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.study.SafeText;
import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The one cleaning function at the output boundary (docs/reliability.md, case 19). */
class SafeTextTest {
    @Test
    void controlsBecomeVisibleEscapesAndTextStaysAsItIs() {
        assertThat(SafeText.clean("a\u001b[2Jb\u0007c\rd\u007fe\u009bf"))
                .isEqualTo("a\\u001b[2Jb\\u0007c\\u000dd\\u007fe\\u009bf");
        assertThat(SafeText.clean("tab\tnew\nline ± µ — ✓")).isEqualTo("tab\tnew\nline ± µ — ✓");
    }

    @Test
    void printlnStillFlushesSoNotesShowAtOnce() {
        StringWriter sink = new StringWriter();
        PrintWriter wrapped = SafeText.wrap(new PrintWriter(new BufferedWriter(sink), true));
        wrapped.println("note \u001b]0;x\u0007");
        assertThat(sink.toString()).isEqualTo("note \\u001b]0;x\\u0007" + System.lineSeparator());
    }

    @Test
    void ourOwnTerminalControlsPassThePrintRawDoor() {
        StringWriter sink = new StringWriter();
        PrintWriter wrapped = SafeText.wrap(new PrintWriter(sink, true));
        SafeText.printRaw(wrapped, "\r\033[2K");
        wrapped.flush();
        assertThat(sink.toString()).isEqualTo("\r\033[2K");
    }
}
