package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The launcher's AOT cache (src/dist/aot-train.sh; docs/performance.md, "Start-up"): used when it belongs
 * to the jar and the java, and otherwise left out or ignored without a word: older than the jar, made by
 * another java, damaged. (JDK 25 does not itself refuse a cache whose jar changed: the launcher's check
 * that the cache is not older than the jar is what keeps stale classes out.)
 * The stale and damaged cases run a copy of the launcher beside a copy of the jar, so the checkout's own
 * cache is never touched.
 */
class AotCacheIT {
    private Path dir;

    @BeforeEach
    void dir() throws Exception {
        dir = Files.createTempDirectory("overhead-aot-");
    }

    @AfterEach
    void clean() throws Exception {
        Dist.deleteTree(dir);
    }

    private Path cache() {
        Path aot = Dist.TARGET.resolve("overhead.aot");
        assumeTrue(Files.isRegularFile(aot), "no target/overhead.aot: this JVM could not make an AOT cache");
        return aot;
    }

    /** The launcher at {@code launcher} runs --version; returns the class-load log's lines for Main. */
    private String versionLoadingMain(Path launcher) throws Exception {
        Path log = dir.resolve("classes.log");
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("OVERHEAD_NO_BUILD", "1");
        env.put("XDG_DATA_HOME", dir.resolve("data").toString());
        env.put("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + log);
        var r = Dist.run(dir, env, List.of(launcher.toString(), "--version"));
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.stdout()).as(r.toString()).startsWith("overhead ").contains("Java ");
        // the JVM names the options it picked up; nothing else is said
        assertThat(r.stderr().lines().filter(l -> !l.startsWith("Picked up JAVA_TOOL_OPTIONS")))
                .as(r.toString())
                .isEmpty();
        return String.join(
                "\n",
                Files.readAllLines(log).stream()
                        .filter(l -> l.contains(" dev.overhead.cli.Main "))
                        .toList());
    }

    /** A checkout of the launcher, the jar (copied, so its time is its own) and the libraries. */
    private Path copyOfTheCheckout() throws Exception {
        Path root = Files.createDirectories(dir.resolve("checkout"));
        Path target = Files.createDirectories(root.resolve("target"));
        Files.copy(Dist.ROOT.resolve("overhead"), root.resolve("overhead"));
        Files.copy(Dist.TARGET.resolve("overhead.jar"), target.resolve("overhead.jar"));
        Files.createSymbolicLink(target.resolve("lib"), Dist.TARGET.resolve("lib"));
        Files.copy(Dist.TARGET.resolve("overhead.aot.java"), target.resolve("overhead.aot.java"));
        return root;
    }

    @Test
    void theLauncherLoadsOverheadFromItsCache() throws Exception {
        cache();
        assertThat(versionLoadingMain(Dist.ROOT.resolve("overhead"))).contains("source: shared objects file");
    }

    @Test
    void aCacheOlderThanTheJarIsLeftOut() throws Exception {
        Path root = copyOfTheCheckout();
        Path aot = Files.copy(cache(), root.resolve("target/overhead.aot"));
        Files.setLastModifiedTime(aot, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
        assertThat(versionLoadingMain(root.resolve("overhead")))
                .contains("dev.overhead.cli.Main")
                .doesNotContain("shared objects file");
    }

    @Test
    void aCacheOfAnotherJavaIsLeftOut() throws Exception {
        Path root = copyOfTheCheckout();
        Files.copy(cache(), root.resolve("target/overhead.aot"));
        Files.writeString(root.resolve("target/overhead.aot.java"), "/opt/another-jdk/bin/java\n");
        assertThat(versionLoadingMain(root.resolve("overhead")))
                .contains("dev.overhead.cli.Main")
                .doesNotContain("shared objects file");
    }

    @Test
    void aDamagedCacheIsIgnoredSilently() throws Exception {
        cache();
        Path root = copyOfTheCheckout();
        // newer than the jar and of this java, so the launcher passes it: the JVM cannot read it
        Files.write(root.resolve("target/overhead.aot"), new byte[4096]);
        assertThat(versionLoadingMain(root.resolve("overhead")))
                .contains("dev.overhead.cli.Main")
                .doesNotContain("shared objects file");
    }
}
