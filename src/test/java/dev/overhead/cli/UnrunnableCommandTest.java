package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A command that cannot run is said as it is: not executable, or a directory (issue 33, case 7). */
class UnrunnableCommandTest {
    @TempDir
    Path dir;

    private StoreSafetyTest.Result run(String command) {
        return overhead("run", "--store", dir.resolve("s.db").toString(), "--runs", "2", command);
    }

    @Test
    void aScriptWithoutItsExecuteBitIsCalledThatNotMissing() throws Exception {
        Path script = dir.resolve("bench.sh");
        Files.writeString(script, "#!/bin/sh\ntrue\n");
        var r = run(script.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .contains(script + " exists but is not executable")
                .contains("chmod +x " + script)
                .doesNotContain("no such executable file");
    }

    @Test
    void aDirectoryIsCalledADirectory() {
        var r = run(dir.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(dir + " is a directory, not a program").doesNotContain("no such executable");
    }

    @Test
    void aMissingFileIsStillMissing() {
        var r = run(dir.resolve("nosuch").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("no such executable file");
    }
}
