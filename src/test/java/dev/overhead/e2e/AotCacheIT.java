package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
 * another java, damaged; --version picks the cache trained on it alone, any command without one the whole cache. (JDK 25 does not itself refuse a cache whose jar changed: the launcher's check
 * that the jar has the time its caches' record carries is what keeps stale classes out, a jar rebuilt after
 * them or one copied in with an older time.)
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
        return String.join(
                "\n",
                versionLoading(launcher).stream()
                        .filter(l -> l.contains(" dev.overhead.cli.Main "))
                        .toList());
    }

    /** The launcher at {@code launcher} runs --version; returns the class-load log. */
    private List<String> versionLoading(Path launcher) throws Exception {
        Path log = dir.resolve("classes.log");
        Files.deleteIfExists(log);
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
        return Files.readAllLines(log);
    }

    /** A checkout of the launcher, the jar (copied, so its time is its own), the libraries and the caches. */
    private Path copyOfTheCheckout() throws Exception {
        Path root = Files.createDirectories(dir.resolve("checkout"));
        Path target = Files.createDirectories(root.resolve("target"));
        Files.copy(Dist.ROOT.resolve("overhead"), root.resolve("overhead"));
        // the jar and the caches' record keep their times, which the launcher compares (as cp -p would)
        Files.copy(
                Dist.TARGET.resolve("overhead.jar"),
                target.resolve("overhead.jar"),
                StandardCopyOption.COPY_ATTRIBUTES);
        Files.createSymbolicLink(target.resolve("lib"), Dist.TARGET.resolve("lib"));
        Files.copy(
                Dist.TARGET.resolve("overhead.aot.java"),
                target.resolve("overhead.aot.java"),
                StandardCopyOption.COPY_ATTRIBUTES);
        for (String aot : List.of("overhead.aot", VERSION_CACHE)) {
            if (Files.isRegularFile(Dist.TARGET.resolve(aot))) {
                Files.copy(Dist.TARGET.resolve(aot), target.resolve(aot));
            }
        }
        return root;
    }

    /** The cache trained on --version alone, which the launcher picks for it. */
    private static final String VERSION_CACHE = "overhead-version.aot";

    /** Where the checkout at {@code root} keeps its caches, set to {@code time} (ms since the epoch). */
    private static void ageCaches(Path root, long time) throws Exception {
        try (var files = Files.list(root.resolve("target"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".aot")).toList()) {
                Files.setLastModifiedTime(f, FileTime.fromMillis(time));
            }
        }
    }

    @Test
    void theLauncherLoadsOverheadFromItsCache() throws Exception {
        cache();
        assertThat(versionLoadingMain(Dist.ROOT.resolve("overhead"))).contains("source: shared objects file");
    }

    @Test
    void versionHasACacheOfItsOwnWithoutTheOtherCommands() throws Exception {
        cache();
        assumeTrue(Files.isRegularFile(Dist.TARGET.resolve(VERSION_CACHE)), "no " + VERSION_CACHE);
        List<String> log = versionLoading(Dist.ROOT.resolve("overhead"));
        assertThat(log).anyMatch(l -> l.contains(" dev.overhead.cli.Main source: shared objects file"));
        // the whole cache holds run's classes, and a start loads every class of its cache
        assertThat(log).noneMatch(l -> l.contains(" dev.overhead.cli.RunCommand "));
    }

    /**
     * --version takes the package step's word (target/overhead.jar.helper) that the jar's helper matches its
     * sources instead of hashing them, for that jar only: a copy of the jar has another time, so it hashes.
     */
    @Test
    void versionHashesTheHelpersSourcesOnlyWithoutThePackageStepsWord() throws Exception {
        assumeTrue(Files.isRegularFile(Dist.TARGET.resolve("overhead.jar.helper")), "no overhead.jar.helper");
        assertThat(Files.readString(Dist.TARGET.resolve("overhead.jar.helper"))).endsWith(" shipped\n");
        assertThat(versionLoading(Dist.ROOT.resolve("overhead"))).noneMatch(l -> l.contains("MessageDigest "));
        Path root = copyOfTheCheckout();
        // a jar of another time than the word's (the copy keeps the jar's own)
        Files.setLastModifiedTime(
                root.resolve("target/overhead.jar"), FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Files.copy(Dist.TARGET.resolve("overhead.jar.helper"), root.resolve("target/overhead.jar.helper"));
        List<String> copy = versionLoading(root.resolve("overhead"));
        assertThat(copy).anyMatch(l -> l.contains(" java.security.MessageDigest "));
    }

    /**
     * The caches carry no method profiles (aot-train.sh): with them a start replays the training's
     * compilations, and C1 compiled a fifth more methods for nothing (docs/performance.md, "Start-up").
     * With compilation in the foreground (-Xbatch) the count is the same every time: turning the replay off
     * must not change it, for each of the three caches.
     */
    @Test
    void theCachesHoldNoProfilesToReplay() throws Exception {
        cache();
        String java = Files.readString(Dist.TARGET.resolve("overhead.aot.java")).strip();
        var probe = Dist.run(List.of(java, "-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTReplayTraining", "-version"));
        assumeTrue(probe.exitCode() == 0, "this java has no -XX:AOTReplayTraining to compare with");
        for (List<String> command : List.of(List.of("--version"), List.of("compare", "--help"), List.of("help"))) {
            int replayed = compiledMethods(command, true);
            int notReplayed = compiledMethods(command, false);
            assertThat(notReplayed).as(command.toString()).isGreaterThan(50);
            assertThat((double) replayed)
                    .as("%s: methods compiled with the training's profiles replayed, and without", command)
                    .isLessThanOrEqualTo(notReplayed * 1.03);
        }
    }

    private int compiledMethods(List<String> command, boolean replay) throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("OVERHEAD_NO_BUILD", "1");
        env.put("XDG_DATA_HOME", dir.resolve("data").toString());
        // the compilations logged to a file: the launchers keep the VM's own output (PrintCompilation's
        // with it) off the user's streams (-XX:-DisplayVMOutput), and unified logging to a file is not that
        Path log = Files.createTempFile(dir, "jit-", ".log");
        env.put(
                "JAVA_TOOL_OPTIONS",
                "-Xbatch -XX:+UnlockDiagnosticVMOptions -XX:" + (replay ? "+" : "-")
                        + "AOTReplayTraining -Xlog:jit+compilation=debug:file=" + log);
        List<String> args =
                new java.util.ArrayList<>(List.of(Dist.ROOT.resolve("overhead").toString()));
        args.addAll(command);
        var r = Dist.run(dir, env, args);
        assertThat(r.exitCode()).as(r.toString()).isZero();
        try (var lines = Files.lines(log)) {
            return (int) lines.filter(l -> l.contains("::")).count();
        }
    }

    @Test
    void withoutItsOwnCacheACommandTakesTheWholeOne() throws Exception {
        cache();
        Path root = copyOfTheCheckout();
        Files.deleteIfExists(root.resolve("target").resolve(VERSION_CACHE));
        assertThat(versionLoading(root.resolve("overhead")))
                .anyMatch(l -> l.contains(" dev.overhead.cli.RunCommand source: shared objects file"));
    }

    @Test
    void aCopyOfTheCheckoutKeepsItsCache() throws Exception {
        cache();
        Path root = copyOfTheCheckout();
        assertThat(versionLoadingMain(root.resolve("overhead"))).contains("shared objects file");
    }

    @Test
    void aCacheOlderThanTheJarIsLeftOut() throws Exception {
        Path root = copyOfTheCheckout();
        cache();
        ageCaches(root, System.currentTimeMillis() - 3_600_000);
        Files.setLastModifiedTime(
                root.resolve("target/overhead.aot.java"), FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
        assertThat(versionLoadingMain(root.resolve("overhead")))
                .contains("dev.overhead.cli.Main")
                .doesNotContain("shared objects file");
    }

    /**
     * Another jar put in with an older time than the caches (cp -p, a tarball, rsync -t): JDK 25 took the cache
     * and ran its classes beside that jar's resources; the launcher used it too while it checked only that the
     * cache was not older than the jar.
     */
    @Test
    void aJarOlderThanTheCachesButNotTheirsIsLeftOut() throws Exception {
        cache();
        Path root = copyOfTheCheckout();
        Path jar = root.resolve("target/overhead.jar");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
        assertThat(versionLoadingMain(root.resolve("overhead")))
                .contains("dev.overhead.cli.Main")
                .doesNotContain("shared objects file");
    }

    @Test
    void aCacheOfAnotherJavaIsLeftOut() throws Exception {
        cache();
        Path root = copyOfTheCheckout();
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
        Files.write(root.resolve("target").resolve(VERSION_CACHE), new byte[4096]);
        assertThat(versionLoadingMain(root.resolve("overhead")))
                .contains("dev.overhead.cli.Main")
                .doesNotContain("shared objects file");
    }
}
