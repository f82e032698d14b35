package dev.overhead.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.Variant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every variant's environment block ends up the same size, whatever its variables (issue 16.3). */
class LayoutPaddingTest {
    private static final Map<String, String> HARNESS = Map.of("PATH", "/usr/bin:/bin", "HOME", "/root", "LANG", "C");
    private static final Variant PLAIN = new Variant("glibc", Map.of(), List.of(), List.of(), List.of());
    private static final Variant PRELOAD = new Variant(
            "je",
            Map.of("LD_PRELOAD", "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "PATH", "/opt/je/bin:/usr/bin:/bin"),
            List.of(),
            List.of(),
            List.of());

    @Test
    void variantsWithLongerVariablesGetLessPadding() {
        LayoutPadding layout = new LayoutPadding(List.of(PLAIN, PRELOAD), HARNESS, false, 1);
        int plain = LayoutPadding.size(HARNESS, layout.env(PLAIN, 0));
        int preload = LayoutPadding.size(HARNESS, layout.env(PRELOAD, 0));
        assertThat(plain).isEqualTo(preload).isEqualTo(layout.size());
        // "PATH=/usr/bin:/bin\0HOME=/root\0LANG=C\0" is 37 bytes; the preload variant adds its
        // 54-byte LD_PRELOAD string (with its zero) and a PATH 12 bytes longer, and every block has the
        // padding variable's "OVERHEAD_LAYOUT_PAD=" and zero
        assertThat(layout.size()).isEqualTo(37 + 54 + 12 + "OVERHEAD_LAYOUT_PAD=".length() + 1);
        assertThat(layout.env(PRELOAD, 0).get(LayoutPadding.VARIABLE)).isEmpty();
        assertThat(layout.env(PLAIN, 0).get(LayoutPadding.VARIABLE)).hasSize(54 + 12);
        assertThat(layout.env(PLAIN, 3)).isEqualTo(layout.env(PLAIN, 0)); // fixed without --randomize-layout
    }

    @Test
    void randomizedLayoutVariesPerRoundButNotWithinOne() {
        LayoutPadding layout = new LayoutPadding(List.of(PLAIN, PRELOAD), HARNESS, true, 42);
        Set<Integer> sizes = new HashSet<>();
        for (int round = 0; round < 20; round++) {
            int plain = LayoutPadding.size(HARNESS, layout.env(PLAIN, round));
            assertThat(LayoutPadding.size(HARNESS, layout.env(PRELOAD, round))).isEqualTo(plain);
            assertThat(plain).isBetween(layout.size(), layout.size() + LayoutPadding.RANDOM_SPAN - 1);
            sizes.add(plain);
        }
        assertThat(sizes).hasSizeGreaterThan(15);
    }

    @Test
    void notesSaySoAndMentionAslrUnlessTurnedOff() {
        LayoutPadding layout = new LayoutPadding(List.of(PLAIN, PRELOAD), HARNESS, false, 1);
        assertThat(layout.note(true)).contains("padded to the same size").doesNotContain("ASLR");
    }
}
