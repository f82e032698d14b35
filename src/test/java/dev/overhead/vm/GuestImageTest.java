package dev.overhead.vm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.Processes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guest's initramfs: what goes in (listed by the real cpio, the twin of {@link Cpio}), what
 * cannot (one sentence naming it), and the cache by content. Needs busybox, cpio, ldd and cc.
 */
@Processes
class GuestImageTest {
    @TempDir
    Path dir;

    private Path helper;

    @BeforeEach
    void tools() throws Exception {
        for (String tool : List.of("busybox", "cpio", "ldd", "cc")) {
            if (GuestImage.find(tool) == null) {
                if (System.getenv("CI") != null) {
                    fail("under CI the guest image tests must run, but " + tool + " is not installed");
                }
                assumeTrue(false, tool + " is not installed (apt-get install busybox-static cpio libc-bin gcc)");
            }
        }
        helper = Files.writeString(dir.resolve("overhead-spawner"), "#!/bin/sh\n"); // any file stands for it
    }

    private static String run(Path cwd, String... argv) throws Exception {
        Process p = new ProcessBuilder(argv)
                .directory(cwd.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void theImageHoldsBusyboxTheHelperTheProgramsWithTheirLibrariesAndTheFiles() throws Exception {
        Path data = Files.writeString(dir.resolve("input.txt"), "words\n");
        Path image =
                GuestImage.build(Map.of("sort", "workload s"), List.of(data.toString()), helper, dir.resolve("cache"));
        List<String> listed = run(dir, "sh", "-c", "cpio -it < " + image + " 2>/dev/null")
                .lines()
                .toList();
        Path sort = GuestImage.find("sort");
        assertThat(listed)
                .contains(
                        "init",
                        "bin/busybox",
                        "bin/overhead-spawner",
                        sort.toString().substring(1))
                .contains(data.toString().substring(1));
        String libc = run(dir, "ldd", sort.toString())
                .lines()
                .filter(l -> l.contains("libc.so"))
                .map(l -> l.replaceAll(".*=> (\\S+).*", "$1"))
                .findFirst()
                .orElseThrow();
        assertThat(listed).contains(libc.substring(1));
        Path out = Files.createDirectories(dir.resolve("out"));
        run(out, "sh", "-c", "cpio -id --no-absolute-filenames < " + image + " 2>/dev/null");
        assertThat(Files.readString(out.resolve(data.toString().substring(1)))).isEqualTo("words\n");
        assertThat(Files.readString(out.resolve("init"))).startsWith("#!/bin/busybox sh\n");
        assertThat(Files.isExecutable(out.resolve("init"))).isTrue();
        assertThat(Files.mismatch(out.resolve(sort.toString().substring(1)), sort))
                .isEqualTo(-1);
    }

    @Test
    void theSameContentIsTheSameCachedFile() throws Exception {
        Path a = GuestImage.build(Map.of("true", "w"), List.of(), helper, dir.resolve("cache"));
        Path b = GuestImage.build(Map.of("true", "w"), List.of(), helper, dir.resolve("cache"));
        Path c = GuestImage.build(Map.of("false", "w"), List.of(), helper, dir.resolve("cache"));
        assertThat(b).isEqualTo(a);
        assertThat(c).isNotEqualTo(a);
    }

    @Test
    void aProgramNotOnPathIsNamedWithWhatNeedsIt() {
        assertThatThrownBy(() -> GuestImage.build(
                        Map.of("no-such-program-here", "workload w"), List.of(), helper, dir.resolve("cache")))
                .isInstanceOf(VmException.class)
                .hasMessage("'no-such-program-here' (workload w) cannot be put into the guest: it is not on PATH"
                        + " here; install it, or give its full path.");
    }

    @Test
    void aProgramWhoseLibraryIsGoneNamesTheLibrary() throws Exception {
        Files.writeString(dir.resolve("lib.c"), "int gone(void) { return 1; }\n");
        Files.writeString(dir.resolve("main.c"), "int gone(void);\nint main(void) { return gone(); }\n");
        run(dir, "cc", "-shared", "-fPIC", "-o", "libgone.so", "lib.c");
        run(dir, "cc", "-o", "needs-gone", "main.c", "-L.", "-lgone");
        Files.delete(dir.resolve("libgone.so"));
        Path program = dir.resolve("needs-gone");
        assertThatThrownBy(() -> GuestImage.build(
                        Map.of(program.toString(), "workload w"), List.of(), helper, dir.resolve("cache")))
                .isInstanceOf(VmException.class)
                .hasMessage(program + " (workload w) cannot be put into the guest: it needs libgone.so, which ldd"
                        + " cannot find here; install that library or set LD_LIBRARY_PATH.");
    }

    @Test
    void aListedFileThatIsNotThereIsNamed() {
        assertThatThrownBy(() -> GuestImage.build(Map.of(), List.of("/no/such/file"), helper, dir.resolve("cache")))
                .hasMessage("the file /no/such/file the workload lists for the guest does not exist here; give an"
                        + " existing path.");
    }
}
