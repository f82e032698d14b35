package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code overhead env} through the entry-point function, on this machine. */
class EnvCommandTest {
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int run(String... args) {
        return Main.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void textShowsTheSectionsAndWarningsWithinOneHundredColumns() throws Exception {
        assertThat(run("env")).isZero();
        String text = out.toString();
        String release = Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip();
        assertThat(text).contains("CPU\n", "Memory\n", "Kernel\n", "  release", release, "Tools\n");
        assertThat(text).containsAnyOf("Noise warnings\n", "No noise warnings.\n");
        assertThat(text.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void jsonIsTheEnvironmentMap() throws Exception {
        assertThat(run("env", "--format", "json")).isZero();
        JsonNode env = new ObjectMapper().readTree(out.toString());
        assertThat(env.path("kernel").path("release").asText())
                .isEqualTo(
                        Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip());
        assertThat(env.path("cpu").path("logical_cpus").asInt()).isPositive();
        assertThat(env.path("tools").path("java").path("version").asText())
                .isEqualTo(Runtime.version().toString());
        assertThat(env.has("env_vars")).isTrue();
    }

    @Test
    void unknownFormatIsAUsageError() {
        assertThat(run("env", "--format", "yaml")).isEqualTo(2);
        assertThat(err.toString()).contains("--format").doesNotContain("Exception");
    }
}
