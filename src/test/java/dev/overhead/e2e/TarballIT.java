package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The self-contained tarball, unpacked somewhere new and run where PATH holds only what the measured
 * commands and the launcher need: no JDK, no C compiler. Exact memory figures prove that the forking
 * helper came with it (README, Install).
 */
class TarballIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Path dir;
    private Path home;
    private Map<String, String> env;

    @BeforeEach
    void unpack() throws Exception {
        Path tarball = Dist.artifact("overhead-*-linux-*.tar.gz");
        dir = Files.createTempDirectory("overhead-tarball-");
        var untar = Dist.run(dir, null, List.of("tar", "-xzf", tarball.toString()));
        assertThat(untar.exitCode()).as(untar.toString()).isZero();
        // Only what the launcher script and the measured commands use: no java, no cc.
        Path bin = Files.createDirectories(dir.resolve("path"));
        for (String tool : List.of("true", "sleep", "readlink", "dirname")) {
            Files.createSymbolicLink(bin.resolve(tool), Dist.which(tool).orElseThrow());
        }
        home = Files.createDirectories(dir.resolve("home"));
        env = Map.of(
                "PATH", bin.toString(),
                "JAVA_HOME", dir.resolve("no-jdk-here").toString(),
                "HOME", home.toString(),
                "XDG_CACHE_HOME", home.resolve("cache").toString(),
                "XDG_DATA_HOME", home.resolve("data").toString());
    }

    @AfterEach
    void clean() throws Exception {
        if (dir != null) Dist.deleteTree(dir);
    }

    private Path launcher() throws Exception {
        try (var entries = Files.list(dir)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("overhead-"))
                    .findFirst()
                    .orElseThrow()
                    .resolve("bin/overhead");
        }
    }

    @Test
    void measuresExactMemoryWithNoJdkAndNoCompilerOnPath() throws Exception {
        var r = Dist.run(
                dir,
                env,
                List.of(launcher().toString(), "run", "--runs", "3", "--format", "json", "true", "sleep 0.01"));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        JsonNode variants = JSON.readTree(r.stdout()).path("workloads").get(0).path("variants");
        assertThat(variants).hasSize(2);
        for (JsonNode variant : variants) {
            assertThat(variant.path("runs")).hasSize(3);
            for (JsonNode run : variant.path("runs")) {
                assertThat(run.path("max_rss_exact").asBoolean())
                        .as("exact peak memory needs the shipped helper: " + r)
                        .isTrue();
                // the command's own peak (about 1 MB), not the JVM's (60 MB and more)
                assertThat(run.path("max_rss_kib").asLong()).isBetween(1L, 8L * 1024);
            }
        }
        // unpacked from the jar into the cache, since nothing could have compiled it
        try (var cached = Files.list(home.resolve("cache/overhead"))) {
            assertThat(cached.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("overhead-spawner-"));
        }
    }

    @Test
    void versionNamesTheBundledRuntimeAndTheShippedHelper() throws Exception {
        var r = Dist.run(dir, env, List.of(launcher().toString(), "--version"));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stdout())
                .contains(launcher().getParent().getParent().resolve("runtime").toString());
        assertThat(r.stdout()).contains("forking helper shipped in the jar");
    }

    /**
     * The launcher resolves its path only where it is a symlink (docs/performance.md, "Start-up"): by a
     * relative path, from inside the layout and by {@code sh bin/overhead} it finds its runtime and jar; and
     * `report` loads sqlite-jdbc's library shipped beside the jars, not a copy sqlite-jdbc makes in /tmp at
     * every start.
     */
    @Test
    void relativeCallsWorkAndReportLoadsTheShippedSqliteLibrary() throws Exception {
        Path root = launcher().getParent().getParent();
        String name = root.getFileName().toString();
        String store = home.resolve("s.db").toString();
        var made = Dist.run(
                dir,
                env,
                List.of(
                        "./" + name + "/bin/overhead",
                        "run",
                        "--fake-exec",
                        "--store",
                        store,
                        "--label",
                        "s",
                        "--runs",
                        "2",
                        "sleep 1",
                        "sleep 2"));
        assertThat(made.exitCode()).as(made.toString()).isZero();
        Path log = home.resolve("library.log");
        var withLog = new java.util.HashMap<>(env);
        withLog.put("JAVA_TOOL_OPTIONS", "-Xlog:library=info:file=" + log);
        String expected = null;
        for (var call : List.of(
                new Object[] {dir, List.of("./" + name + "/bin/overhead")},
                new Object[] {root, List.of("bin/overhead")},
                new Object[] {root.resolve("bin"), List.of("/bin/sh", "overhead")},
                new Object[] {root.resolve("app"), List.of("../bin/../bin/overhead")})) {
            Files.deleteIfExists(log);
            @SuppressWarnings("unchecked")
            List<String> command = new java.util.ArrayList<>((List<String>) call[1]);
            command.addAll(List.of("report", "--store", store, "s"));
            var r = Dist.run((Path) call[0], withLog, command);
            assertThat(r.exitCode()).as(command + ": " + r).isZero();
            if (expected == null) expected = r.stdout();
            assertThat(r.stdout()).as(command.toString()).isEqualTo(expected).contains("sleep 1");
            assertThat(Files.readAllLines(log))
                    .as(command + ": the shipped library")
                    .anyMatch(l -> l.contains("Loaded library ")
                            && l.contains(name + "/")
                            && l.contains("/app/lib/sqlite-native/libsqlitejdbc.so"));
        }
    }

    @Test
    void worksThroughASymlinkAndCarriesCompletionAndManPages() throws Exception {
        Path link = Files.createSymbolicLink(home.resolve("overhead"), launcher());
        var r = Dist.run(dir, env, List.of(link.toString(), "completion", "bash"));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        Path share = launcher().getParent().getParent().resolve("share");
        assertThat(share.resolve("bash-completion/completions/overhead")).hasContent(r.stdout());
        assertThat(share.resolve("zsh/vendor-completions/_overhead")).exists();
        assertThat(share.resolve("fish/vendor_completions.d/overhead.fish")).exists();
        // a man page per command, or (without asciidoctor at build time) a note saying why there are none
        if (!Files.exists(share.resolve("NO-MAN-PAGES"))) {
            assertThat(share.resolve("man/man1/overhead.1")).exists();
            var commands = new picocli.CommandLine(new dev.overhead.cli.Main()).getSubcommands();
            for (var e : commands.entrySet()) {
                if (e.getValue().getCommandSpec().usageMessage().hidden()) continue;
                assertThat(share.resolve("man/man1/overhead-" + e.getKey() + ".1"))
                        .exists();
            }
        }
    }
}
