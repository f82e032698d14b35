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

    /**
     * The launcher resolves its own path and java's only where they are symlinks (docs/performance.md,
     * "Start-up": readlink was 2 ms of CPU each): called by a relative path, from another directory, through
     * a linked directory or by {@code bash overhead}, it still runs the checkout's jar with its AOT cache and
     * prints the same --version; so does a JAVA_HOME reached through a linked directory, which the cache's
     * record names resolved.
     */
    @Test
    void relativePathsAndLinkedDirectoriesFindTheJarAndItsCache() throws Exception {
        Path aot = Dist.TARGET.resolve("overhead-version.aot");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.isRegularFile(aot), "no target/overhead-version.aot: this JVM could not make an AOT cache");
        String javaHome = Path.of(Files.readString(Dist.TARGET.resolve("overhead.aot.java"))
                        .strip())
                .getParent()
                .getParent()
                .toString();
        Path linkedCheckout = Files.createSymbolicLink(dir.resolve("checkout"), Dist.ROOT);
        Path linkedJdk = Files.createSymbolicLink(dir.resolve("jdk"), Path.of(javaHome));
        Path src = Dist.ROOT.resolve("src");
        record Call(Path cwd, List<String> command, String javaHome) {}
        List<Call> calls = List.of(
                new Call(Dist.ROOT, List.of(Dist.ROOT.resolve("overhead").toString()), javaHome),
                new Call(Dist.ROOT, List.of("./overhead"), javaHome),
                new Call(src, List.of("../overhead"), javaHome),
                new Call(src.resolve("main"), List.of("../../overhead"), javaHome),
                new Call(dir, List.of("checkout/overhead"), javaHome),
                new Call(linkedCheckout, List.of("./overhead"), javaHome),
                new Call(Dist.ROOT, List.of("bash", "overhead"), javaHome),
                new Call(dir, List.of(linkedCheckout.resolve("overhead").toString()), linkedJdk.toString()));
        String expected = null;
        for (Call call : calls) {
            Path log = dir.resolve("classes.log");
            Files.deleteIfExists(log);
            var env = new java.util.HashMap<>(System.getenv());
            env.putAll(Map.of(
                    "OVERHEAD_NO_BUILD",
                    "1",
                    "XDG_DATA_HOME",
                    dir.resolve("data").toString(),
                    "JAVA_HOME",
                    call.javaHome(),
                    "JAVA_TOOL_OPTIONS",
                    "-Xlog:class+load=info:file=" + log));
            List<String> command = new java.util.ArrayList<>(call.command());
            command.add("--version");
            var r = Dist.run(call.cwd(), env, command);
            assertThat(r.exitCode()).as(call + ": " + r).isZero();
            assertThat(r.stdout()).as(call.toString()).startsWith("overhead ");
            if (expected == null) expected = r.stdout();
            assertThat(r.stdout()).as(call.toString()).isEqualTo(expected);
            assertThat(Files.readAllLines(log))
                    .as(call + ": overhead's classes come from the AOT cache")
                    .anyMatch(l -> l.contains(" dev.overhead.cli.Main source: shared objects file"));
        }
    }
}
