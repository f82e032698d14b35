package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The checkout's launcher called through a symlink on PATH (docs/reliability.md, case 23): it used to look for the jar
 * beside the link, try to build there, fail, and leave a log behind.
 */
class LauncherSymlinkIT {
    private Path dir;

    @BeforeEach
    void dir() throws Exception {
        dir = Files.createTempDirectory("overhead-link-");
    }

    @AfterEach
    void clean() throws Exception {
        Dist.deleteTree(dir);
    }

    @Test
    void aSymlinkToTheLauncherRunsTheCheckoutsJar() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("overhead"), Dist.ROOT.resolve("overhead"));
        // and a link to that link, relative, as `ln -s` in ~/bin often makes
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path second = Files.createSymbolicLink(bin.resolve("overhead"), Path.of("../overhead"));
        for (Path launcher : List.of(link, second)) {
            var env = new java.util.HashMap<>(System.getenv());
            env.putAll(Map.of(
                    "OVERHEAD_NO_BUILD",
                    "1",
                    "XDG_DATA_HOME",
                    dir.resolve("data").toString()));
            var r = Dist.run(dir, env, List.of(launcher.toString(), "--version"));
            assertThat(r.exitCode()).as(r.toString()).isZero();
            assertThat(r.stdout()).startsWith("overhead ");
            assertThat(r.stderr()).doesNotContain("building").doesNotContain("build failed");
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("overhead", "bin");
        }
    }
}
