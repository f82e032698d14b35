package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code why} takes {@code run}'s options as a mixin; those profiling has no use for are refused in
 * one sentence (exit 2) before perf is looked for, instead of being accepted and ignored.
 */
class WhyOptionsTest {
    @TempDir
    Path dir;

    private StoreSafetyTest.Result why(String... options) {
        String[] args = new String[options.length + 9];
        args[0] = "why";
        System.arraycopy(options, 0, args, 1, options.length);
        String[] rest = {"--profile-dir", dir.resolve("p").toString(), "-V", "base:", "-V", "new: X=1", "--", "true"};
        System.arraycopy(rest, 0, args, 1 + options.length, rest.length);
        return overhead(args);
    }

    @Test
    void aMetricCountersOrAFailThresholdIsRefusedNotIgnored() {
        String[][] cases = {{"--metric", "ops=(\\d+)"}, {"--counters"}, {"--fail-if-worse", "5%"}, {"--min-runs", "3"}};
        for (String[] options : cases) {
            var r = why(options);
            assertThat(r.code()).as(String.join(" ", options)).isEqualTo(2);
            assertThat(r.err())
                    .contains("overhead why profiles", options[0] + " has no use here, leave it out")
                    .doesNotContain("Exception");
        }
        assertThat(dir.resolve("p")).doesNotExist();
    }

    @Test
    void allOfThemAreNamedInTheOneSentence() {
        var r = why("--counters", "--metric", "ops=(\\d+)", "--fail-if-worse", "5%");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--metric, --counters, --fail-if-worse have no use here, leave them out");
    }
}
