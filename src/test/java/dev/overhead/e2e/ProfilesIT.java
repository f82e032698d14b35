package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code overhead profiles}, {@code presets}, {@code run --workload} and {@code -V preset:} end to end. */
class ProfilesIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    private Map<String, String> config() {
        return Map.of("XDG_CONFIG_HOME", overhead.home().resolve("config").toString());
    }

    @Test
    void profilesListsEachWithItsPackageAndWhetherItIsInstalled() throws Exception {
        var r = overhead.start(config(), "profiles", "--format", "json").finish();

        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode hackbench = null;
        for (JsonNode p : JSON.readTree(r.stdout())) {
            if (p.path("name").asText().equals("hackbench")) {
                hackbench = p;
            }
        }
        assertThat(hackbench).isNotNull();
        assertThat(hackbench.path("package").asText()).isEqualTo("rt-tests");
        assertThat(hackbench.path("primary").asText()).isEqualTo("time");
        assertThat(hackbench.path("installed").asBoolean())
                .isEqualTo(Files.isExecutable(Path.of("/usr/bin/hackbench")));
        var text = overhead.start(config(), "profiles").finish();
        assertThat(text.stdout()).containsPattern("(?m)^ls-lR +installed +a recursive long listing");
    }

    @Test
    void aMissingProgramIsRefusedBeforeAnythingRunsNamingItsPackage() throws Exception {
        Path folder = Files.createDirectories(overhead.home().resolve("config/overhead/profiles"));
        Files.writeString(
                folder.resolve("frobnicate.yaml"),
                "description: frobnicates\npackage: frob-tools\ncommand: [frobnicate-xyz, \"{n}\"]\n"
                        + "parameters: {n: \"3\"}\n");

        var r = overhead.start(config(), "run", "--workload", "frobnicate:n=4", "--runs", "2")
                .finish();

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.stderr())
                .contains("'frobnicate-xyz' (variant base) cannot be run: it is not on PATH; install it with"
                        + " apt-get install frob-tools");
        assertThat(overhead.start(config(), "list").finish().stdout()).doesNotContain("frobnicate");
    }

    @Test
    void aProfileWorkloadRunsUnderAPresetAndIsJudgedOnItsOwnPrimary() throws Exception {
        var r = overhead.start(
                        config(),
                        "run",
                        "--workload",
                        "ls-lR:tree=" + Launcher.ROOT.resolve("src/main"),
                        "-V",
                        "glibc:",
                        "-V",
                        "preset:perturb",
                        "--runs",
                        "3",
                        "--format",
                        "json")
                .finish();

        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode root = JSON.readTree(r.stdout());
        JsonNode perturb = root.path("workloads").get(0).path("variants").get(1);
        assertThat(perturb.path("name").asText()).isEqualTo("perturb");
        assertThat(perturb.path("env").path("GLIBC_TUNABLES").asText()).isEqualTo("glibc.malloc.perturb=165");
        assertThat(Launcher.comparison(root, "wall", "perturb")).isNotNull();
    }

    @Test
    void aWorkloadsOwnPrimaryLeadsItsHeadlineAndIsNamedInTheReport() throws Exception {
        Path folder = Files.createDirectories(overhead.home().resolve("config/overhead/profiles"));
        Files.writeString(
                folder.resolve("scored.yaml"),
                "description: a score\npackage: none\ncommand: [fake, \"wall=0.1\", \"jitter=1%\", \"out=score: {n}\"]\n"
                        + "parameters: {n: \"7\"}\nmetrics:\n  - {name: score, better: higher, regex: 'score: (\\d+)'}\n"
                        + "primary: score\n");

        var r = overhead.start(
                        config(), "run", "--fake-exec", "--workload", "scored", "-V", "a:", "-V", "b:", "--runs", "3")
                .finish();

        assertThat(r.exitCode()).as(r.toString()).isZero();
        // the study's facts name the primary the workload was judged on, and the summary leads with it
        assertThat(r.stdout()).contains("primary metric score").containsPattern("(?m)^scored \\(n=7\\) +score ");
    }

    @Test
    void aMistypedPreloadFailsTheStudyAndAnInstalledAllocatorPasses() throws Exception {
        var typo = overhead.run(
                "run", "--runs", "2", "-V", "glibc:", "-V", "je: LD_PRELOAD=/usr/lib/libjemalloc.so.3", "--", "true");
        assertThat(typo.exitCode()).as(typo.toString()).isEqualTo(1);
        assertThat(typo.stderr()).contains("variant je is not what it claims: its LD_PRELOAD is not loaded");

        assumeTrue(
                Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2")),
                "libjemalloc2 is not installed (apt-get install libjemalloc2)");
        var je = overhead.run("run", "--runs", "2", "-V", "glibc:", "-V", "preset:jemalloc", "--", "true");
        assertThat(je.exitCode()).as(je.toString()).isZero();
    }

    @Test
    void presetsSayWhichAreAvailableHereAndWhyNot() throws Exception {
        var r = overhead.run("presets", "--format", "json");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode hardened = null;
        for (JsonNode p : JSON.readTree(r.stdout())) {
            if (p.path("name").asText().equals("hardened_malloc")) {
                hardened = p;
            }
            assertThat(p.path("available").asBoolean()
                            || !p.path("reason").asText().isBlank())
                    .as(p.toString())
                    .isTrue();
        }
        assertThat(hardened).isNotNull();
    }
}
