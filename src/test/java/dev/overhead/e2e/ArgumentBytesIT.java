package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An argument is bytes: {@code cat $'f\xff'} must read the file named with byte 0xff, not one named
 * with U+FFFD or '?'. A Java test cannot pass such bytes itself (its strings are text), so a shell
 * makes the file and the argument.
 */
class ArgumentBytesIT {
    @RegisterExtension
    final Launcher overhead = new Launcher();

    @Test
    void anArgumentThatIsNoUtf8ReachesTheCommandExactly() throws Exception {
        try { // what a lossy decoding reads, where this JVM's locale can name it
            Files.writeString(overhead.home().resolve("f\uFFFD"), "file=2\n");
        } catch (java.nio.file.InvalidPathException e) {
            // a C locale: the lossy name is 'f?', which does not exist, and cat fails
        }
        var pb = new ProcessBuilder(
                        "/bin/sh",
                        "-c",
                        "printf 'file=1\\n' > \"$(printf 'f\\377')\";"
                                + " exec \"$0\" run --runs 2 --format json --metric 'file=file=(\\d+)' \"$(printf 'cat f\\377')\"",
                        Launcher.ROOT.resolve("overhead").toString())
                .directory(overhead.home().toFile());
        pb.environment().put("OVERHEAD_NO_BUILD", "1");
        pb.environment().put("XDG_DATA_HOME", overhead.home().resolve("data").toString());
        pb.redirectError(overhead.home().resolve("err").toFile());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(overhead.home().resolve("err"));
        assertThat(p.exitValue()).as(err).isZero();
        var runs = new ObjectMapper()
                .readTree(out)
                .path("workloads")
                .get(0)
                .path("variants")
                .get(0)
                .path("runs");
        assertThat(runs).hasSize(2);
        for (var run : runs) {
            assertThat(run.path("metrics").path("file").asInt())
                    .as("read f\\xff")
                    .isEqualTo(1);
        }
    }
}
