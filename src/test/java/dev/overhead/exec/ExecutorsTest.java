package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

@Processes
class ExecutorsTest {
    @Test
    void fakeIsChosenForTests() {
        try (Executor e = Executors.create(true)) {
            assertThat(e).isInstanceOf(FakeExecutor.class);
            assertThat(e.describe()).isEqualTo("fake (no processes)");
        }
    }

    @Test
    void theForkingHelperIsChosenWhereACompilerExists() {
        Commands.assumeCompiler();
        try (Executor e = Executors.create(false)) {
            assertThat(e).isInstanceOf(NativeExecutor.class);
            assertThat(e.exactMaxRss()).isTrue();
            assertThat(e.describe()).isEqualTo("forking helper (C)");
        }
    }

    @Test
    void theHelperIsCachedUnderTheHashOfItsSource() throws Exception {
        Commands.assumeCompiler();
        var first = NativeHelper.binary();
        assertThat(first.getFileName().toString()).matches("overhead-spawner-[0-9a-f]{16}");
        assertThat(first.getParent()).isEqualTo(NativeHelper.cacheDir());
        assertThat(Files.isExecutable(first)).isTrue();
        assertThat(NativeHelper.binary()).isEqualTo(first);
    }
}
