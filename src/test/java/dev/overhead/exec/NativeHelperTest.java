package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The list the helper is compiled from on first use is written out by hand (NativeHelper.SOURCES): a
 * file of src/main/c missing from it would go unnoticed while the jar ships a prebuilt helper, and
 * break the build on a machine where none is shipped or it does not match (HelperFirstUseIT).
 */
class NativeHelperTest {
    @Test
    void theSourceListIsEveryFileOfTheHelper() throws Exception {
        try (var files = Files.list(Path.of("src/main/c"))) {
            assertThat(NativeHelper.SOURCES)
                    .containsExactlyInAnyOrderElementsOf(
                            files.map(p -> p.getFileName().toString()).toList());
        }
    }
}
