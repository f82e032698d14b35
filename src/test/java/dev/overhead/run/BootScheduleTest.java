package dev.overhead.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.Levels;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BootScheduleTest {
    private static Variant v(String name, Map<String, String> env) {
        return new Variant(name, env, List.of(), List.of(), List.of());
    }

    private static List<Variant> two() {
        return List.of(v("a", Map.of()), v("b", Map.of()));
    }

    private static StudySettings boots(int n, long seed) {
        return StudySettings.DEFAULTS.toBuilder()
                .seed(seed)
                .levels(new Levels(0, false, n, "true", null, Map.of()))
                .build();
    }

    @Test
    void everyBlockHoldsEachVariantOnceSoItIsNeverAllAThenAllB() {
        for (long seed = 0; seed < 200; seed++) {
            List<String> shares = BootSchedule.of(two(), boots(4, seed)).shares();
            assertThat(shares).hasSize(8);
            for (int block = 0; block < 4; block++) {
                assertThat(shares.subList(2 * block, 2 * block + 2)).containsExactlyInAnyOrder("a", "b");
            }
            assertThat(shares).isNotEqualTo(List.of("a", "a", "a", "a", "b", "b", "b", "b"));
        }
    }

    @Test
    void theOrderIsRandomButFixedBySeed() {
        assertThat(BootSchedule.of(two(), boots(6, 7))).isEqualTo(BootSchedule.of(two(), boots(6, 7)));
        long distinct = java.util.stream.LongStream.range(0, 50)
                .mapToObj(seed -> BootSchedule.of(two(), boots(6, seed)).shares())
                .distinct()
                .count();
        assertThat(distinct).isGreaterThan(10);
    }

    @Test
    void theTargetCountsTheVariantsEarlierShares() {
        BootSchedule s = new BootSchedule(List.of("a", "b", "b", "a", "b", "a"), 5);
        assertThat(s.target(0)).isEqualTo(5);
        assertThat(s.target(2)).isEqualTo(10);
        assertThat(s.target(5)).isEqualTo(15);
        assertThat(BootSchedule.bootId(2)).isEqualTo(3);
    }

    @Test
    void theDefaultIdentityMatchesTheKernelReleaseAndTheCmdline() {
        Variant stock = v("stock", Map.of());
        Variant sl = v("stackleak", Map.of());
        Variant other = v("other", Map.of());
        Levels.Boot stockBoot = new Levels.Boot("/boot/vmlinuz-6.1.0-13-amd64", null, "quiet");
        Levels l = new Levels(
                0,
                false,
                2,
                "true",
                null,
                Map.of(
                        "stock",
                        stockBoot,
                        "twin",
                        stockBoot,
                        "stackleak",
                        new Levels.Boot("/boot/vmlinuz-6.1.0-13-amd64", null, "quiet sl=1"),
                        "other",
                        new Levels.Boot("/boot/vmlinuz-6.5.0-1-amd64", null, null)));
        List<Variant> vs = List.of(stock, sl, other);
        assertThat(BootIdentity.byKernel(vs, l, "6.5.0-1-amd64", "BOOT_IMAGE=/boot/vmlinuz-6.5.0-1-amd64 ro"))
                .contains("other");
        assertThat(BootIdentity.byKernel(List.of(stock, other), l, "6.1.0-13-amd64", "ro quiet"))
                .contains("stock");
        // one kernel, told apart by the cmdline: the variant asking for more of it
        assertThat(BootIdentity.byKernel(vs, l, "6.1.0-13-amd64", "ro quiet sl=1"))
                .contains("stackleak");
        assertThat(BootIdentity.byKernel(vs, l, "6.1.0-13-amd64", "ro quiet")).contains("stock");
        // two variants alike: ambiguous, so none (the study stops rather than guess)
        assertThat(BootIdentity.byKernel(List.of(stock, v("twin", Map.of())), l, "6.1.0-13-amd64", "quiet"))
                .isEqualTo(Optional.empty());
        assertThat(BootIdentity.byKernel(vs, l, "6.2.0", "ro")).isEmpty();
    }
}
