package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The helper finds the command on PATH before the clock starts (overhead-path.c) and must run what
 * execvp would run. Where the rule is not obvious, the reference is execvp itself: coreutils' env(1)
 * runs its command with execvp, so {@code env PATH=… NAME} says what execvp picks.
 */
@Processes
class NativeExecutorPathTest {
    private static final Path ENV = Path.of("/usr/bin/env");

    static NativeExecutor executor;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        Commands.assumeCompiler();
        executor = NativeExecutor.start();
    }

    @AfterAll
    static void stop() {
        if (executor != null) executor.close();
    }

    @Test
    void aCommandInALaterDirectoryIsFoundPastOnesWhereItIsMissingOrNotExecutable() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Path notExec = Files.createDirectory(dir.resolve("not-exec"));
        script(notExec.resolve("tool"), "#!/bin/sh\necho not-exec\n", "rw-r--r--"); // execve: EACCES
        Path later = Files.createDirectory(dir.resolve("later"));
        script(later.resolve("tool"), "#!/bin/sh\necho later \"$0\"\n", "rwxr-xr-x");
        String path = String.join(":", empty.toString(), notExec.toString(), later.toString(), "/usr/bin", "/bin");
        assertThat(out(List.of("tool"), path))
                .as("the #! script is given the path execvp builds")
                .isEqualTo("later " + later.resolve("tool") + "\n");
    }

    @Test
    void eachVariantsOwnPathIsSearched() throws Exception {
        Path one = Files.createDirectory(dir.resolve("one"));
        Path two = Files.createDirectory(dir.resolve("two"));
        script(one.resolve("which-one"), "#!/bin/sh\necho one\n", "rwxr-xr-x");
        script(two.resolve("which-one"), "#!/bin/sh\necho two\n", "rwxr-xr-x");
        List<String> seen = new ArrayList<>();
        for (int round = 0; round < 3; round++) { // alternating, as a study's variants do
            seen.add(out(List.of("which-one"), one + ":" + two + ":/usr/bin:/bin"));
            seen.add(out(List.of("which-one"), two + ":" + one + ":/usr/bin:/bin"));
        }
        assertThat(seen).containsExactly("one\n", "two\n", "one\n", "two\n", "one\n", "two\n");
    }

    @Test
    void aScriptWithoutHashBangRunsUnderBinShAsExecvpRunsIt() throws Exception {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        script(bin.resolve("plain"), "echo \"plain $1\"\n", "rwxr-xr-x");
        String path = bin + ":/usr/bin:/bin";
        assertThat(out(List.of("plain", "x"), path)).isEqualTo("plain x\n");
        assertThat(out(List.of("plain", "y"), path)).as("again, once found").isEqualTo("plain y\n");
        assertThat(out(List.of(bin.resolve("plain").toString(), "z"), path))
                .as("named by its path")
                .isEqualTo("plain z\n");
    }

    @Test
    void aNameWithASlashIsUsedAsItIsNotSearched() throws Exception {
        Path work = Files.createDirectory(dir.resolve("work"));
        Path sub = Files.createDirectory(work.resolve("sub"));
        script(sub.resolve("tool"), "#!/bin/sh\necho relative\n", "rwxr-xr-x");
        Path onPath = Files.createDirectories(dir.resolve("on-path/sub"));
        script(onPath.resolve("tool"), "#!/bin/sh\necho on-path\n", "rwxr-xr-x");
        var request = ExecRequest.builder(List.of("sub/tool"))
                .env(Map.of("PATH", onPath.getParent() + ":/usr/bin:/bin"))
                .workDir(work)
                .captureBytes(4096)
                .build();
        assertThat(executor.run(request).stdout()).isEqualTo("relative\n");
    }

    @Test
    void aRelativeEntryOfPathIsSearchedInTheCommandsWorkingDirectory() throws Exception {
        Path work = Files.createDirectory(dir.resolve("work"));
        script(work.resolve("here"), "#!/bin/sh\necho \"here $0\"\n", "rwxr-xr-x");
        for (String path : List.of(":/usr/bin:/bin", ".:/usr/bin:/bin")) {
            var request = ExecRequest.builder(List.of("here"))
                    .env(Map.of("PATH", path))
                    .workDir(work)
                    .captureBytes(4096)
                    .build();
            assertThat(executor.run(request).stdout())
                    .as("PATH=%s", path)
                    .isEqualTo(path.startsWith(":") ? "here here\n" : "here ./here\n");
        }
    }

    @Test
    void aCommandNowhereOnItsPathIsNotFoundAsBefore() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        var request = ExecRequest.builder(List.of("no-such-command-xyz"))
                .env(Map.of("PATH", empty + ":/usr/bin:/bin"))
                .build();
        assertThatThrownBy(() -> executor.run(request))
                .isInstanceOf(ExecException.class)
                .hasMessage("command not found: no-such-command-xyz (check the spelling, or PATH)");
    }

    @Test
    void aCommandRemovedAfterItWasFoundIsSearchedForAgain() throws Exception {
        Path first = Files.createDirectory(dir.resolve("first"));
        Path second = Files.createDirectory(dir.resolve("second"));
        script(first.resolve("moving"), "#!/bin/sh\necho first\n", "rwxr-xr-x");
        String path = first + ":" + second + ":/usr/bin:/bin";
        assertThat(out(List.of("moving"), path)).isEqualTo("first\n");
        Files.delete(first.resolve("moving"));
        script(second.resolve("moving"), "#!/bin/sh\necho second\n", "rwxr-xr-x");
        assertThat(out(List.of("moving"), path)).isEqualTo("second\n");
        assertThat(out(List.of("moving"), path)).isEqualTo("second\n");
        Files.delete(second.resolve("moving"));
        var gone =
                ExecRequest.builder(List.of("moving")).env(Map.of("PATH", path)).build();
        assertThatThrownBy(() -> executor.run(gone)).hasMessageStartingWith("command not found: moving");
    }

    @Test
    void aDirectoryWithoutExecutePermissionEarlierOnPathIsTreatedAsExecvpTreatsIt() throws Exception {
        assumeTrue(Files.isExecutable(ENV), "env (coreutils) is missing at /usr/bin/env");
        Path locked = Files.createDirectory(dir.resolve("locked"));
        script(locked.resolve("tool"), "#!/bin/sh\necho locked\n", "rwxr-xr-x");
        Path open = Files.createDirectory(dir.resolve("open"));
        script(open.resolve("tool"), "#!/bin/sh\necho open\n", "rwxr-xr-x");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rw-------"));
        try {
            String path = locked + ":" + open + ":/usr/bin:/bin";
            // root may search a directory without x (locked), anyone else may not (open): execvp decides
            String execvp = out(List.of(ENV.toString(), "PATH=" + path, "tool"), path);
            assertThat(execvp).isIn("locked\n", "open\n");
            assertThat(out(List.of("tool"), path)).isEqualTo(execvp);
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private static String out(List<String> argv, String path) throws ExecException {
        var request = ExecRequest.builder(argv)
                .env(Map.of("PATH", path))
                .captureBytes(4096)
                .build();
        ExecResult r = executor.run(request);
        assertThat(r.exitCode()).as("exit of %s: %s", argv, r.stderrTail()).isZero();
        return r.stdout();
    }

    private static void script(Path file, String text, String mode) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
    }
}
