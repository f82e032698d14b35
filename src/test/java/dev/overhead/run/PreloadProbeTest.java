package dev.overhead.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overhead.model.Variant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14.2: a preloaded object that is not really loaded fails its variant before anything runs. */
class PreloadProbeTest {
    private static final Path JEMALLOC = Path.of("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2");

    private static Variant preloading(String objects) {
        return new Variant("v", Map.of("LD_PRELOAD", objects), List.of(), List.of(), List.of());
    }

    @Test
    void aMistypedPathFailsTheVariantWithTheLoadersWords() {
        assertThat(PreloadProbe.check(preloading("/usr/lib/libjemalloc.so.3")))
                .hasValueSatisfying(s -> assertThat(s)
                        .startsWith("variant v is not what it claims: its LD_PRELOAD is not loaded (object"
                                + " '/usr/lib/libjemalloc.so.3' from LD_PRELOAD cannot be preloaded")
                        .endsWith("under another name."));
    }

    @Test
    void aFileThatIsNoLibraryFailsToo(@TempDir Path dir) throws Exception {
        Path notElf = Files.writeString(dir.resolve("libfake.so"), "not an ELF file");

        assertThat(PreloadProbe.check(preloading(notElf.toString()))).isPresent();
    }

    @Test
    void jemallocFromDebianIsReallyLoadedByPathAndByName() {
        assumeTrue(Files.isRegularFile(JEMALLOC), "libjemalloc2 is not installed (apt-get install libjemalloc2)");

        assertThat(PreloadProbe.check(preloading(JEMALLOC.toString()))).isEmpty();
        assertThat(PreloadProbe.check(preloading("libjemalloc.so.2"))).isEmpty();
        assertThat(PreloadProbe.check(preloading(JEMALLOC + ":/nope/libx.so"))).isPresent();
    }

    @Test
    void aVariantWithoutPreloadsIsNotProbed() {
        assertThat(PreloadProbe.problems(List.of(Variant.plain("glibc")))).isEmpty();
    }
}
