package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import org.junit.jupiter.api.Test;

/** The binary the build put in the jar is used only while it matches the sources beside it. */
class ShippedHelperTest {
    @Test
    void theBuildShipsAHelperForTheseSources() throws Exception {
        Commands.assumeCompiler(); // the build compiles it only where a compiler exists
        assertThat(ShippedHelper.matching(NativeHelper.sources())).isPresent();
        assertThat(ShippedHelper.status()).startsWith("forking helper shipped in the jar");
    }

    @Test
    void aChangedSourceMakesTheShippedHelperStale() throws Exception {
        var sources = new LinkedHashMap<>(NativeHelper.sources());
        var name = NativeHelper.SOURCES.getFirst();
        sources.put(name, (new String(sources.get(name)) + "\n/* changed */\n").getBytes());
        assertThat(ShippedHelper.matching(sources)).isEmpty();
    }

    @Test
    void aMissingSourceMakesItStaleToo() throws Exception {
        var sources = new LinkedHashMap<>(NativeHelper.sources());
        sources.put("overhead-new-part.c", new byte[] {1});
        assertThat(ShippedHelper.matching(sources)).isEmpty();
    }
}
